/**
 * Large string fields inside a tool call's input (a Write tool's file content, an Edit's old and
 * new text) can be shortened in place: the input stays an object with the same keys.
 */

/** A string field this long (characters, ~100 tokens) is worth shortening: its stub costs ~35. */
export const LARGE_FIELD_CHARS = 400;
/** How deep into nested objects and arrays fields are looked for. */
const MAX_DEPTH = 4;

export type FieldPath = ReadonlyArray<string | number>;

export interface LargeField {
  path: FieldPath;
  text: string;
}

/** String fields of at least LARGE_FIELD_CHARS characters, in key order. */
export function largeFields(input: unknown): LargeField[] {
  const found: LargeField[] = [];
  const walk = (value: unknown, path: Array<string | number>, depth: number) => {
    if (typeof value === 'string') {
      if (value.length >= LARGE_FIELD_CHARS && path.length > 0) found.push({ path: [...path], text: value });
      return;
    }
    if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i], depth + 1));
    else for (const [key, item] of Object.entries(value)) walk(item, [...path, key], depth + 1);
  };
  walk(input, [], 0);
  return found;
}

/** `content`, `edits[0].new_string`: a readable name of a field path. */
export function fieldName(path: FieldPath): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** A copy of `input` with the fields at the given paths replaced; untouched branches are shared. */
export function replaceFields(
  input: Record<string, unknown>,
  replacements: ReadonlyArray<{ path: FieldPath; value: string }>,
): Record<string, unknown> {
  let result: unknown = input;
  for (const { path, value } of replacements) result = setAt(result, path, 0, value);
  return result as Record<string, unknown>;
}

function setAt(node: unknown, path: FieldPath, at: number, value: string): unknown {
  if (at === path.length) return value;
  const key = path[at] as string | number;
  if (Array.isArray(node) && typeof key === 'number') {
    const copy: unknown[] = [...(node as unknown[])];
    copy[key] = setAt(copy[key], path, at + 1, value);
    return copy;
  }
  if (node !== null && typeof node === 'object' && typeof key === 'string') {
    const record = node as Record<string, unknown>;
    return { ...record, [key]: setAt(record[key], path, at + 1, value) };
  }
  return node;
}
