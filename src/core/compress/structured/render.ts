import { isFailure, isImportantKey, isMessageKey, keyUnion, kindCounts } from './keys.js';
import { matchesKeep } from './keep.js';
import { isContainer, isObject } from './value.js';
import type { Json, JsonObject } from './value.js';

/** How much of a value one rendering shows; the compressor tries levels from most to least detail. */
export interface Level {
  /** Containers nested deeper than this are collapsed to a one-line shape. */
  depth: number;
  /** Array items shown before the rest is summarised. */
  items: number;
  /** Object keys shown (besides important and kept ones) before the rest is listed by name. */
  keys: number;
  /** Names listed in a `… N more keys: a, b` marker. */
  keyList: number;
  /** Strings longer than this are cut with `…(N chars)`. */
  str: number;
  /** A container whose one-line form fits in this many characters stays on one line. */
  inline: number;
}

export const LEVELS: readonly Level[] = [
  { depth: 3, items: 3, keys: 16, keyList: 12, str: 160, inline: 120 },
  { depth: 3, items: 2, keys: 10, keyList: 8, str: 100, inline: 110 },
  { depth: 2, items: 2, keys: 6, keyList: 6, str: 60, inline: 100 },
  { depth: 2, items: 1, keys: 4, keyList: 4, str: 40, inline: 100 },
  { depth: 1, items: 1, keys: 3, keyList: 3, str: 30, inline: 100 },
];

/** Top-level keys are all shown, up to this many (then listed by count only). */
export const TOP_KEYS_MAX = 400;
/** Important keys shown in an object on top of its first `keys`. */
const IMPORTANT_MAX = 8;
/** Items shown out of order because they failed or hold a kept term. */
const NOTABLE_MAX = 5;
/** Important scalar fields shown inside a collapsed object. */
const COLLAPSED_FIELDS = 3;
/** Strings in a collapsed array are cut to this length. */
const COLLAPSED_STRING = 24;
/** Characters of scalars shown inside a collapsed array. */
const COLLAPSED_WIDTH = 60;
/** Messages and errors get this many times the string budget. */
const MESSAGE_STRING_FACTOR = 3;

export interface RenderOptions {
  level: Level;
  keep: ReadonlySet<string>;
  /** Containers on the path to a kept key or value: always expanded. */
  pinned: ReadonlySet<object>;
  /** The root is a list of records (array or JSON Lines): its items' keys are top-level keys. */
  rootList: boolean;
}

/** Renders a value as compact JSON-ish text (bare keys, one line per small container). */
export function renderValue(value: Json, options: RenderOptions): string {
  return render(value, 0, undefined, options);
}

/** Renders the items of a JSON Lines file one per line, with the same elision rules. */
export function renderLines(items: readonly Json[], options: RenderOptions): string {
  return arrayEntries(items, 0, options, 'lines').join('\n');
}

function render(value: Json, depth: number, key: string | undefined, o: RenderOptions): string {
  if (typeof value === 'string') return formatString(value, stringBudget(key, o));
  if (!isContainer(value)) return String(value);
  const collapsed = depth > o.level.depth && !o.pinned.has(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (collapsed) return collapsedArray(value);
    return layout('[', ']', arrayEntries(value, depth, o, 'items'), o);
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return '{}';
  if (collapsed) return collapsedObject(value, keys, o);
  return layout('{', '}', objectEntries(value, keys, depth, o), o);
}

function layout(open: string, close: string, entries: string[], o: RenderOptions): string {
  if (entries.every((entry) => !entry.includes('\n'))) {
    const inline = `${open}${entries.join(', ')}${close}`;
    if (inline.length <= o.level.inline) return inline;
  }
  return `${open}\n${entries.map(indent).join(',\n')}\n${close}`;
}

function indent(entry: string): string {
  return '  ' + entry.replaceAll('\n', '\n  ');
}

function objectEntries(object: JsonObject, keys: string[], depth: number, o: RenderOptions): string[] {
  const deep = depth > o.level.depth;
  const shown =
    depth === 0 ? keys.slice(0, TOP_KEYS_MAX) : pickKeys(object, keys, deep ? 0 : o.level.keys, o);
  const shownSet = new Set(shown);
  const entries = shown.map((key) => `${formatKey(key)}: ${render(object[key] ?? null, depth + 1, key, o)}`);
  const hidden = keys.filter((key) => !shownSet.has(key));
  if (hidden.length > 0) {
    const listMax = depth === 0 || (depth === 1 && o.rootList) ? TOP_KEYS_MAX : o.level.keyList;
    entries.push(
      `… ${hidden.length} more ${hidden.length === 1 ? 'key' : 'keys'}: ${nameList(hidden, listMax)}`,
    );
  }
  return entries;
}

/** The first `count` keys, important keys, and keys that hold or lead to kept terms; source order. */
function pickKeys(object: JsonObject, keys: string[], count: number, o: RenderOptions): string[] {
  let important = 0;
  return keys.filter((key, i) => {
    if (i < count) return true;
    const value = object[key] ?? null;
    if (o.keep.has(key) || (isContainer(value) && o.pinned.has(value)) || matchesKeep(value, o.keep))
      return true;
    if (isImportantKey(key, o.keep) && important < IMPORTANT_MAX) {
      important++;
      return true;
    }
    return false;
  });
}

type ArrayStyle = 'items' | 'lines';

function arrayEntries(items: readonly Json[], depth: number, o: RenderOptions, style: ArrayStyle): string[] {
  const deep = depth > o.level.depth;
  const shown = pickItems(items, deep ? 0 : o.level.items, o);
  const entries: string[] = [];
  let next = 0;
  for (const index of shown) {
    if (index > next) entries.push(gapMarker(items.slice(next, index), depth, o, style, false));
    entries.push(render(items[index] ?? null, depth + 1, undefined, o));
    next = index + 1;
  }
  if (next < items.length) entries.push(gapMarker(items.slice(next), depth, o, style, true));
  return entries;
}

function pickItems(items: readonly Json[], count: number, o: RenderOptions): number[] {
  const shown: number[] = [];
  let notable = 0;
  for (let i = 0; i < items.length; i++) {
    if (i < count) {
      shown.push(i);
      continue;
    }
    if (notable >= NOTABLE_MAX) break;
    const item = items[i] ?? null;
    const pinned = isContainer(item) ? o.pinned.has(item) : matchesKeep(item, o.keep);
    if (pinned || isFailure(item)) {
      shown.push(i);
      notable++;
    }
  }
  return shown;
}

function gapMarker(
  gap: readonly Json[],
  depth: number,
  o: RenderOptions,
  style: ArrayStyle,
  last: boolean,
): string {
  const noun = style === 'lines' ? 'lines' : 'items';
  let marker = `… ${gap.length} ${last ? 'more ' : ''}${gap.length === 1 ? noun.slice(0, -1) : noun}`;
  const keys = keyUnion(gap);
  if (keys.length > 0) {
    const listMax = depth === 0 && o.rootList ? TOP_KEYS_MAX : o.level.keyList;
    marker += ` with keys {${nameList(keys, listMax)}}`;
  } else {
    marker += scalarKinds(gap);
  }
  const kinds = kindCounts(gap);
  return kinds ? `${marker}; ${kinds}` : marker;
}

/** `[… 12 items with keys {a, b, …}]`, or for short scalars the first few: `["a", "b", … 9 more]`. */
function collapsedArray(items: readonly Json[]): string {
  const keys = keyUnion(items);
  if (keys.length > 0) return `[… ${plural(items.length, 'item')} with keys {${nameList(keys, 4)}}]`;
  const shown: string[] = [];
  let width = 0;
  for (const item of items) {
    if (isContainer(item)) break;
    const text = typeof item === 'string' ? formatString(item, COLLAPSED_STRING) : String(item);
    if (width + text.length > COLLAPSED_WIDTH) break;
    shown.push(text);
    width += text.length + 2;
  }
  const rest = items.length - shown.length;
  if (shown.length === 0) return `[… ${plural(items.length, 'item')}${scalarKinds(items)}]`;
  return rest === 0 ? `[${shown.join(', ')}]` : `[${shown.join(', ')}, … ${rest} more]`;
}

function plural(n: number, noun: string): string {
  return `${n} ${n === 1 ? noun : noun + 's'}`;
}

/** `{id: 7, name: "x", … 10 more keys: a, b, …}`: the shape plus the fields that identify it. */
function collapsedObject(object: JsonObject, keys: string[], o: RenderOptions): string {
  const fieldKeys = keys
    .filter((key) => !isContainer(object[key] ?? null) && isImportantKey(key, o.keep))
    .slice(0, COLLAPSED_FIELDS);
  const fields = fieldKeys.map(
    (key) => `${formatKey(key)}: ${render(object[key] ?? null, Infinity, undefined, o)}`,
  );
  const others = keys.filter((key) => !fieldKeys.includes(key));
  if (fields.length === 0) return `{… ${plural(keys.length, 'key')}: ${nameList(keys, o.level.keyList)}}`;
  if (others.length === 0) return `{${fields.join(', ')}}`;
  return `{${fields.join(', ')}, … ${others.length} more ${others.length === 1 ? 'key' : 'keys'}: ${nameList(others, o.level.keyList)}}`;
}

function scalarKinds(items: readonly Json[]): string {
  const kinds = new Set<string>();
  for (const item of items) kinds.add(item === null ? 'null' : Array.isArray(item) ? 'array' : typeof item);
  return kinds.size === 1 ? ` (${[...kinds][0]}s)` : '';
}

function nameList(names: readonly string[], max: number): string {
  const shown = names.slice(0, max).map(formatKey).join(', ');
  return names.length > max ? `${shown}, …` : shown;
}

function stringBudget(key: string | undefined, o: RenderOptions): number {
  if (key !== undefined && (isMessageKey(key) || o.keep.has(key))) return o.level.str * MESSAGE_STRING_FACTOR;
  return o.level.str;
}

/** A key as written: bare when it is a plain name, quoted otherwise. */
export function formatKey(key: string): string {
  return /^[A-Za-z_$@][\w$.@/-]*$/.test(key) ? key : JSON.stringify(key);
}

/** A string only slightly over its budget is kept whole: the cut mark would cost about as much. */
const CUT_SLACK = 16;

/** A JSON string, cut to `max` characters with `…(N chars)` (N: the original length). */
export function formatString(value: string, max: number): string {
  if (value.length <= max + CUT_SLACK) return JSON.stringify(value);
  const quoted = JSON.stringify(value.slice(0, max));
  return `${quoted.slice(0, -1)}…(${value.length} chars)"`;
}

/** True when the value is a list of records (its items' keys count as top-level keys). */
export function isRecordList(value: Json): boolean {
  return Array.isArray(value) && value.some(isObject);
}
