import { debug } from '../../../debug.js';
import type { CompressContext, Compressor, Summary } from '../types.js';
import { parseStructured } from './detect.js';
import type { Parsed } from './detect.js';
import { unwrapEnvelope } from './envelope.js';
import { isIgnoreFile, summarizeIgnore } from './ignore.js';
import { renderIni } from './ini-render.js';
import { pinKept } from './keep.js';
import { keyUnion } from './keys.js';
import { reduceLines } from './lines.js';
import { LEVELS, isRecordList, renderLines, renderValue } from './render.js';
import type { Level } from './render.js';
import { renderTable } from './table.js';
import { isObject } from './value.js';

/** The summary aims at this share of the input's characters; the most detailed level under it wins. */
const TARGET_SHARE = 0.25;
/** Targets never go below this many characters: a summary this small costs little and keeps values. */
const TARGET_FLOOR = 320;
/** The marks this compressor writes: text that holds them and no longer parses is a summary already. */
const SUMMARY_MARK =
  /…\(\d+ chars\)|… \d+ more (?:items?|keys?|lines?|rows)\b|\{… \d+ keys?:|\[… \d+ items?\b/;
/** A summary that saves less than this share of the input is not worth replacing it. */
const MIN_SAVING = 0.1;

/**
 * Compresses JSON, JSON Lines, YAML, TOML, INI, CSV and TSV to their shape: keys and types, the
 * first items of arrays with `… N more items with keys {…}`, depth past 3 collapsed, important
 * fields (ids, names, statuses, errors, messages, urls) and `context.keep` terms kept, long
 * strings cut. Ignore files keep their groups' comments, first patterns and negations. Text that
 * parses as none of them gets a conservative line-based reduction.
 */
export const compressStructured: Compressor = (text, context) => {
  try {
    return compress(text, context);
  } catch (error) {
    debug('compress/structured', 'failed; original kept', { error: String(error) });
    return unchanged(text, 'structured: failed, original kept');
  }
};

function compress(text: string, context: CompressContext): Summary {
  const { body, trailer, gutter } = unwrapEnvelope(text);
  const keep = new Set(context.keep ?? []);
  if (isIgnoreFile(context.path)) return ignoreFile(text, body, trailer, gutter);
  const parsed = parseStructured(body, context.path);
  if (!parsed && SUMMARY_MARK.test(body)) return unchanged(text, 'structured: already a summary');
  const summary = parsed ? summarize(parsed, body.length, keep) : reduceLines(body, keep);
  const out = trailer ? `${summary}\n${trailer}` : summary;
  // An all-blank summary would become an empty text block, which the Messages API rejects.
  if (out.trim() === '' || out.length >= text.length * (1 - MIN_SAVING))
    return unchanged(text, 'structured: no gain');
  const note = parsed ? describe(parsed) : 'unparsed: long lines cut, middle reduced';
  return { text: out, helped: true, note: gutter ? `${note}; line numbers dropped` : note };
}

function summarize(parsed: Parsed, size: number, keep: ReadonlySet<string>): string {
  if (parsed.format === 'csv' || parsed.format === 'tsv') return renderTable(parsed.table, keep);
  if (parsed.format === 'ini' && isObject(parsed.value))
    return renderIni(parsed.value, targetSize(size), keep);
  const root = parsed.format === 'jsonl' ? parsed.items : parsed.value;
  const pinned = pinKept(root, keep);
  const rootList = isRecordList(root);
  const render = (level: Level): string => {
    const options = { level, keep, pinned, rootList };
    if (parsed.format !== 'jsonl') return renderValue(parsed.value, options);
    const out = renderLines(parsed.items, options);
    const cut = parsed.cutOff;
    return cut === undefined
      ? out
      : `${out}\n… 1 line cut off (${cut.length} chars): ${cut.slice(0, level.str)}…`;
  };
  return fitLevel(render, targetSize(size));
}

function targetSize(size: number): number {
  return Math.max(size * TARGET_SHARE, TARGET_FLOOR);
}

function ignoreFile(text: string, body: string, trailer: string, gutter: boolean): Summary {
  const summary = summarizeIgnore(body, targetSize(body.length));
  if (summary === undefined) return unchanged(text, 'ignore file: no patterns');
  const out = trailer ? `${summary}\n${trailer}` : summary;
  if (out.length >= text.length * (1 - MIN_SAVING)) return unchanged(text, 'ignore file: no gain');
  return { text: out, helped: true, note: gutter ? 'ignore file; line numbers dropped' : 'ignore file' };
}

/** The most detailed rendering under the target size, else the smallest one. */
function fitLevel(render: (level: Level) => string, target: number): string {
  let smallest: string | undefined;
  for (const level of LEVELS) {
    const out = render(level);
    if (out.length <= target) return out;
    if (smallest === undefined || out.length < smallest.length) smallest = out;
  }
  return smallest ?? '';
}

function describe(parsed: Parsed): string {
  switch (parsed.format) {
    case 'csv':
    case 'tsv':
      return `${parsed.format}: ${parsed.table.header.length} columns × ${parsed.table.rows.length} rows`;
    case 'jsonl':
      return `jsonl: ${parsed.items.length} records${parsed.cutOff === undefined ? '' : ' + 1 cut off'}`;
    case 'json':
    case 'yaml':
    case 'toml':
    case 'ini': {
      const { value } = parsed;
      const shape = Array.isArray(value)
        ? `array of ${value.length}`
        : `object with ${isObject(value) ? Object.keys(value).length : 0} keys`;
      const docs = parsed.documents ? ` (${parsed.documents} documents)` : '';
      return `${parsed.format}${docs}: ${shape}`;
    }
  }
}

/**
 * The keys a summary must keep: an object's keys; for a list of records (array, JSON Lines)
 * the union of its records' keys; for CSV/TSV the header. Empty when the text does not parse.
 */
export function topLevelKeys(text: string, path?: string): string[] {
  try {
    const parsed = parseStructured(unwrapEnvelope(text).body, path);
    if (!parsed) return [];
    switch (parsed.format) {
      case 'csv':
      case 'tsv':
        return parsed.table.header.map((cell) => cell.trim());
      case 'jsonl':
        return keyUnion(parsed.items);
      case 'json':
      case 'yaml':
      case 'toml':
      case 'ini':
        return Array.isArray(parsed.value)
          ? keyUnion(parsed.value)
          : isObject(parsed.value)
            ? Object.keys(parsed.value)
            : [];
    }
  } catch {
    return [];
  }
}

function unchanged(text: string, note: string): Summary {
  return { text, helped: false, note };
}
