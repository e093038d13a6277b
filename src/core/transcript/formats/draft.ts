import type { Block, TextBlockParam, TranscriptMeta } from '../types.js';

/**
 * A message as an importer first writes it: roles may repeat, `system` may appear anywhere,
 * and tool pairs may be broken. `repairMessages` turns drafts into valid API messages.
 */
export interface DraftMessage {
  role: 'user' | 'assistant' | 'system';
  content: string | Block[];
}

/** Longest title kept, in characters. */
const TITLE_MAX = 80;

export function textBlock(text: string): TextBlockParam {
  return { type: 'text', text };
}

/** A short one-line label from a text: its first non-blank line, whitespace collapsed, cut at 80. */
export function titleFrom(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  let line: string | undefined;
  for (let start = 0; start <= text.length && line === undefined;) {
    const end = text.indexOf('\n', start);
    const candidate = text
      .slice(start, end === -1 ? text.length : end)
      .replace(/\s+/g, ' ')
      .trim();
    if (candidate !== '') line = candidate;
    start = end === -1 ? text.length + 1 : end + 1;
  }
  if (line === undefined) return undefined;
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
}

/** The text blocks of a content, joined by blank lines. */
export function contentText(content: string | readonly Block[]): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return ''; // malformed input: nothing to read
  const parts: string[] = [];
  for (const block of content as readonly Block[]) if (block.type === 'text') parts.push(block.text);
  return parts.join('\n\n');
}

/** The first user text of drafts that is not wrapped in markup (a real prompt), as a title. */
export function firstPromptTitle(
  messages: readonly DraftMessage[],
  skip?: (text: string) => boolean,
): string | undefined {
  for (const message of messages) {
    if (message.role !== 'user') continue;
    const blocks = typeof message.content === 'string' ? [textBlock(message.content)] : message.content;
    for (const block of blocks) {
      if (block.type !== 'text' || block.text.trim() === '') continue;
      if (skip?.(block.text)) continue;
      return titleFrom(block.text);
    }
  }
  return undefined;
}

/**
 * Tool-call arguments as an object: JSON text is parsed; a value that is not an object is wrapped
 * as `{ value }`, text that is not JSON as `{ arguments: text }` (the second result says so).
 */
export function toolInput(raw: unknown): { input: Record<string, unknown>; repaired: boolean } {
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return { input: {}, repaired: false };
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return { input: { arguments: raw }, repaired: true };
    }
  }
  if (value === undefined || value === null) return { input: {}, repaired: false };
  if (typeof value === 'object' && !Array.isArray(value))
    return { input: value as Record<string, unknown>, repaired: false };
  return { input: { value }, repaired: true };
}

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

/** An image block from a URL; `data:` URLs become base64 sources. */
export function imageFromUrl(url: string): Block {
  const data = DATA_URL.exec(url);
  if (data) {
    return {
      type: 'image',
      source: { type: 'base64', media_type: data[1] as 'image/png', data: data[2] ?? '' },
    };
  }
  return { type: 'image', source: { type: 'url', url } };
}

/** A stable short id part from a file path: its base name without extension(s). */
export function fileStem(source: string | undefined, fallback = 'stdin'): string {
  if (source === undefined || source === '-' || source === '') return fallback;
  const base = source.split(/[\\/]/).pop() ?? source;
  const stem = base.replace(/\.(traj\.json|jsonl|json|traj|md)$/i, '');
  return stem === '' ? fallback : stem;
}

/** Longest string copied from a dataset row into meta (patches and logs stay out). */
const META_STRING_MAX = 200;

/** The short scalar fields of a dataset row (ids, flags, model names), for `meta`. */
export function scalarMeta(row: Record<string, unknown>, skip: readonly string[]): TranscriptMeta {
  const meta: TranscriptMeta = {};
  for (const [key, value] of Object.entries(row)) {
    if (skip.includes(key)) continue;
    if (
      typeof value === 'string'
        ? value.length <= META_STRING_MAX
        : typeof value === 'number' || typeof value === 'boolean'
    )
      meta[key] = value;
  }
  return meta;
}
