import { GardenerError } from '../../../errors.js';

export type JsonObject = Record<string, unknown>;

/** A settings file's JSON object; a missing or blank file is an empty one. */
export function parseSettings(text: string | null, where: string): JsonObject {
  if (text === null || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new GardenerError('INPUT_INVALID', 'not valid JSON; fix or move the file, then install again', {
      where,
      cause: error,
    });
  }
  if (!isObject(value)) throw new GardenerError('INPUT_INVALID', 'must hold a JSON object', { where });
  return value;
}

/** Serializes like the file was written: its indent (2 spaces by default) and its final newline. */
export function formatSettings(value: JsonObject, like: string | null): string {
  const indent = /^\{\s*\n([ \t]+)"/.exec(like ?? '')?.[1] ?? '  ';
  const newline = like === null || like.endsWith('\n') ? '\n' : '';
  return `${JSON.stringify(value, null, indent)}${newline}`;
}

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
