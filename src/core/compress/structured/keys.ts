import { isObject } from './value.js';
import type { Json, JsonObject } from './value.js';

/**
 * Keys whose values identify or explain a record: ids, names, statuses, errors, messages, urls.
 * They are shown even when an object's other keys are elided (compared lower-cased).
 */
export const IMPORTANT_KEYS: ReadonlySet<string> = new Set([
  'id',
  'uuid',
  'guid',
  'key',
  'name',
  'full_name',
  'fullname',
  'login',
  'username',
  'title',
  'number',
  'type',
  'kind',
  'event',
  'status',
  'state',
  'conclusion',
  'result',
  'outcome',
  'level',
  'severity',
  'error',
  'errors',
  'err',
  'exception',
  'message',
  'msg',
  'reason',
  'detail',
  'details',
  'code',
  'url',
  'html_url',
  'href',
  'uri',
  'link',
  'path',
  'file',
  'filename',
  'version',
  'ref',
  'sha',
]);

/** Key suffixes that also mark identifiers and links (`user_id`, `parentUuid`, `avatar_url`…). */
const IMPORTANT_SUFFIX = /(?:_id|Id|ID|_uuid|Uuid|_url|Url|URL)$/;

/** Keys that say whether a record went wrong. */
const OUTCOME_KEYS: ReadonlySet<string> = new Set([
  'status',
  'state',
  'conclusion',
  'result',
  'outcome',
  'level',
  'severity',
]);
/** Keys whose presence with a non-empty value means an error record. */
const ERROR_KEYS: ReadonlySet<string> = new Set(['error', 'errors', 'exception', 'failure', 'err']);
/** Outcome values that mark a failure. */
const FAILURE_VALUE =
  /\b(?:err(?:or)?|fail(?:ed|ure|ing)?|fatal|critical|crit|panic|cancel+ed|timed?_?out|rejected)\b/i;

/** Keys that classify records (used to count elided items by kind). */
export const DISCRIMINATOR_KEYS: readonly string[] = ['type', 'kind', 'event', 'level', 'status', 'state'];

/** True when a key identifies or explains its record (see IMPORTANT_KEYS) or was asked for. */
export function isImportantKey(key: string, keep: ReadonlySet<string>): boolean {
  return IMPORTANT_KEYS.has(key.toLowerCase()) || IMPORTANT_SUFFIX.test(key) || keep.has(key);
}

/** Keys whose text is the point (messages, errors, titles): their strings get a longer budget. */
export function isMessageKey(key: string): boolean {
  const k = key.toLowerCase();
  return k === 'message' || k === 'msg' || k === 'error' || k === 'reason' || k === 'detail' || k === 'title';
}

/** True when an array item reports a failure (an error field, or a failing status). */
export function isFailure(item: Json): boolean {
  if (!isObject(item)) return false;
  for (const [key, value] of Object.entries(item)) {
    const k = key.toLowerCase();
    if (ERROR_KEYS.has(k) && isPresent(value)) return true;
    if (OUTCOME_KEYS.has(k) && typeof value === 'string' && FAILURE_VALUE.test(value)) return true;
    if (k === 'is_error' && value === true) return true;
  }
  return false;
}

function isPresent(value: Json): boolean {
  if (value === null || value === false || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isObject(value)) return Object.keys(value).length > 0;
  return true;
}

/** Keys of the object items of a list, first-seen order. */
export function keyUnion(items: Iterable<Json>): string[] {
  const seen = new Set<string>();
  for (const item of items) if (isObject(item)) for (const key of Object.keys(item)) seen.add(key);
  return [...seen];
}

/** `type: user×20, assistant×22` for the first discriminator key shared by all the object items. */
export function kindCounts(items: readonly Json[]): string | undefined {
  const objects = items.filter(isObject);
  if (objects.length < 2 || objects.length !== items.length) return undefined;
  for (const key of DISCRIMINATOR_KEYS) {
    const counts = countValues(objects, key);
    if (counts && counts.size <= MAX_KINDS) {
      const parts = [...counts].map(([value, n]) => `${value}×${n}`);
      return `${key}: ${parts.join(', ')}`;
    }
  }
  return undefined;
}

/** A discriminator with more values than this is an id, not a kind. */
const MAX_KINDS = 8;
/** Discriminator values longer than this are not kinds either. */
const MAX_KIND_LENGTH = 32;

function countValues(objects: readonly JsonObject[], key: string): Map<string, number> | undefined {
  const counts = new Map<string, number>();
  for (const object of objects) {
    const value = object[key];
    if (typeof value !== 'string' || value.length > MAX_KIND_LENGTH) return undefined;
    counts.set(value, (counts.get(value) ?? 0) + 1);
    if (counts.size > MAX_KINDS) return undefined;
  }
  return counts;
}
