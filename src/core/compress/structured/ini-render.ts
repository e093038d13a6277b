import { matchesKeep } from './keep.js';
import { isObject } from './value.js';
import type { Json, JsonObject } from './value.js';

/** How much of an INI file one rendering shows; levels go from most to least detail. */
interface IniLevel {
  /** Keys shown per section (besides kept ones) before the rest are named in a `… N more keys` line. */
  keys: number;
  /** Names listed in that line. */
  keyList: number;
  /** Continuation lines (list values) shown before `… N more`. */
  items: number;
  /** Values longer than this are cut with `…(N chars)`. */
  str: number;
}

const LEVELS: readonly IniLevel[] = [
  { keys: Infinity, keyList: 0, items: 6, str: 120 },
  { keys: 12, keyList: 12, items: 4, str: 80 },
  { keys: 6, keyList: 10, items: 2, str: 50 },
  { keys: 3, keyList: 8, items: 1, str: 30 },
  { keys: 1, keyList: 6, items: 1, str: 24 },
  { keys: 0, keyList: 4, items: 0, str: 0 },
];

/**
 * An INI file as INI again, shortened: every section header, its first keys with their values
 * (long values cut, list values to their first lines), the other keys by name. The most detailed
 * level under `target` characters wins; kept terms keep their key at every level.
 */
export function renderIni(root: JsonObject, target: number, keep: ReadonlySet<string>): string {
  let smallest: string | undefined;
  for (const level of LEVELS) {
    const out = renderAt(root, level, keep);
    if (out.length <= target) return out;
    if (smallest === undefined || out.length < smallest.length) smallest = out;
  }
  return smallest ?? '';
}

function renderAt(root: JsonObject, level: IniLevel, keep: ReadonlySet<string>): string {
  const lines: string[] = [];
  const sections: Array<[string, JsonObject]> = [];
  const rootKeys: Array<[string, Json]> = [];
  for (const [key, value] of Object.entries(root)) {
    if (isObject(value)) sections.push([key, value]);
    else rootKeys.push([key, value]);
  }
  lines.push(...renderKeys(rootKeys, level, keep));
  for (const [name, section] of sections) {
    lines.push(`[${name}]`, ...renderKeys(Object.entries(section), level, keep));
  }
  return lines.join('\n');
}

function renderKeys(entries: Array<[string, Json]>, level: IniLevel, keep: ReadonlySet<string>): string[] {
  const lines: string[] = [];
  const hidden: string[] = [];
  entries.forEach(([key, value], i) => {
    const kept =
      keep.has(key) ||
      (Array.isArray(value) ? value.some((v) => matchesKeep(v, keep)) : matchesKeep(value, keep));
    if (i < level.keys || kept)
      lines.push(renderPair(key, value, kept ? { ...level, items: Infinity, str: 200 } : level));
    else hidden.push(key);
  });
  if (hidden.length > 0) {
    const named = hidden.slice(0, level.keyList);
    const rest = hidden.length - named.length;
    const list = [...named, ...(rest > 0 ? [`+${rest}`] : [])].join(', ');
    lines.push(
      `… ${hidden.length} more key${hidden.length === 1 ? '' : 's'}${named.length > 0 ? `: ${list}` : ''}`,
    );
  }
  return lines;
}

function renderPair(key: string, value: Json, level: IniLevel): string {
  if (value === true) return key;
  if (!Array.isArray(value)) return `${key} = ${cut(text(value), level.str)}`;
  const shown = value.slice(0, level.items).map((item) => cut(text(item), level.str));
  const rest = value.length - shown.length;
  const items = [...shown, ...(rest > 0 ? [`… ${rest} more`] : [])];
  return `${key} = ${items.join(' | ')}`;
}

function text(value: Json): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function cut(value: string, max: number): string {
  if (value.length <= max + 8) return value;
  return `${value.slice(0, max)}…(${value.length} chars)`;
}
