import { blockText, contentBlocks } from '../../core/transcript/index.js';
import type { Block, MessageParam, Transcript } from '../../core/transcript/index.js';
import { callOfMessages, splitCalls } from './calls.js';
import { toolResultTest } from './tool-results.js';
import type { ToolResultTest } from './types.js';

export type NeedleKind = 'path' | 'path-line' | 'error' | 'test' | 'identifier' | 'number';

/** A string from a tool result that the agent used again later (docs/BENCH.md § Needles). */
export interface Needle {
  text: string;
  kind: NeedleKind;
  /** Call whose context first held it, in a tool result. */
  call: number;
  messageIndex: number;
  /** First call ≥ call + MIN_GAP whose user or assistant text (not a tool result) holds it. */
  usedAt: number;
  usedMessageIndex: number;
  usedBlockIndex: number;
  usedRole: MessageParam['role'];
  /** That later text: a text block, or the string values of a tool_use input (see usedText). */
  usedText: string;
  /**
   * The tool call whose result first held it: the tool name and the input's string values (in
   * formats without tool blocks, the assistant text before the observation). Empty when unknown.
   */
  origin: string;
  /** The string also occurs in that tool call's input: the agent's own words echoed back (docs/BENCH.md). */
  echo: boolean;
}

export interface Candidate {
  text: string;
  kind: NeedleKind;
}

export interface FindNeedlesOptions {
  /** Which user blocks are tool results (default: tool_result blocks, or observations). */
  isToolResult?: ToolResultTest;
}

/** A needle is used at least this many calls after it appeared (docs/BENCH.md: j ≥ i + 3). */
export const MIN_GAP = 3;
/** Candidates longer than this are not "distinctive strings" but whole lines. */
const MAX_CANDIDATE_LENGTH = 200;
/** A backticked identifier shorter than this (`i`, `id`) is too common to be a needle. */
const MIN_IDENTIFIER_LENGTH = 3;

/** Extensions that make a bare `name.ext` (no slash) a file path. With a slash, any short alphabetic extension does. */
const FILE_EXTENSIONS = new Set(
  (
    'py pyi pyx ts tsx mts cts js jsx mjs cjs json jsonl md mdx rst txt yaml yml toml cfg ini conf lock rs go ' +
    'java kt kts c h cc cpp cxx hpp cs rb php swift sh bash zsh fish ps1 html htm css scss less sql xml csv tsv ' +
    'log env ipynb vue svelte lua pl r scala dart ex exs erl hs ml mli proto gradle patch diff pdf png jpg jpeg ' +
    'gif svg tex bib wasm so dll exe bin gz zip tar whl egg cmake mk make dockerfile'
  ).split(' '),
);

const SPAN = /[\w./~@+:-]+/g;
const PATH_LINE = /^(.*\.[A-Za-z][A-Za-z0-9]{0,7}):(\d+)(?::\d+)?$/;
const PATH = /^[\w./~@+-]*\.([A-Za-z][A-Za-z0-9]{0,7})$/;
const FILE_TEST = /^([\w/.-]+\.[A-Za-z]\w*)::\w+(?:::\w+)*$/;
const ERROR_TYPE = /\b[A-Za-z_]\w*(?:Error|Exception)\b/g;
const TEST_ID = /\btest_\w+/g;
const BACKTICKED = /`([A-Za-z_][\w.:]*(?:\(\))?)`/g;
const NUMBER = /(?<![\w.])\d{4,}(?!\w|\.\d)/g;

/** The distinctive strings of a text: paths, path:line, error types, test ids, backticked identifiers, 4+ digit numbers. */
export function extractCandidates(text: string): Candidate[] {
  const found = new Map<string, NeedleKind>();
  const add = (value: string, kind: NeedleKind) => {
    if (value.length > MAX_CANDIDATE_LENGTH || found.has(value)) return;
    found.set(value, kind);
  };
  for (const match of text.matchAll(SPAN)) {
    const span = match[0].replace(/[.:,-]+$/, '');
    const fileTest = FILE_TEST.exec(span);
    if (fileTest) {
      add(span, 'test');
      if (isPath(fileTest[1] ?? '')) add(fileTest[1] ?? '', 'path');
      continue;
    }
    const pathLine = PATH_LINE.exec(span);
    if (pathLine && isPath(pathLine[1] ?? '')) {
      add(`${pathLine[1]}:${pathLine[2]}`, 'path-line');
      add(pathLine[1] ?? '', 'path');
      continue;
    }
    if (isPath(span)) add(span, 'path');
  }
  for (const match of text.matchAll(ERROR_TYPE)) add(match[0], 'error');
  for (const match of text.matchAll(TEST_ID)) add(match[0], 'test');
  for (const match of text.matchAll(BACKTICKED)) {
    const identifier = match[1] ?? '';
    if (identifier.length >= MIN_IDENTIFIER_LENGTH) add(identifier, 'identifier');
  }
  for (const match of text.matchAll(NUMBER)) add(match[0], 'number');
  return [...found].map(([value, kind]) => ({ text: value, kind }));
}

function isPath(span: string): boolean {
  const match = PATH.exec(span);
  if (!match || (span.startsWith('.') && !span.includes('/'))) return false;
  const extension = (match[1] ?? '').toLowerCase();
  if (FILE_EXTENSIONS.has(extension)) return true;
  return span.includes('/') && /^[a-z]{1,5}$/.test(extension) && !span.includes('://');
}

/** True when `needle` occurs in `haystack` as a whole string (not inside a longer word). */
export function occursIn(haystack: string, needle: string): boolean {
  if (needle.length === 0) return false;
  const wordStart = isWordChar(needle.charCodeAt(0));
  const wordEnd = isWordChar(needle.charCodeAt(needle.length - 1));
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) return false;
    const before = at > 0 ? haystack.charCodeAt(at - 1) : NaN;
    const after = haystack.charCodeAt(at + needle.length);
    if (!(wordStart && isWordChar(before)) && !(wordEnd && isWordChar(after))) return true;
    from = at + 1;
  }
}

function isWordChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95
  );
}

interface Pending extends Candidate {
  call: number;
  messageIndex: number;
  origin: { name: string; input: string };
}

/**
 * The needles of a transcript (docs/BENCH.md § Needles): each distinctive string from a tool result at
 * call i that appears again, at a call j ≥ i + 3, in a user text or an assistant text or tool_use
 * input that is not itself a tool result. One needle per string: its first tool result and its first
 * use after that. Uses after the last call are never made and do not count.
 */
export function findNeedles(
  transcript: Pick<Transcript, 'format' | 'meta' | 'messages'>,
  options: FindNeedlesOptions = {},
): Needle[] {
  const isToolResult = options.isToolResult ?? toolResultTest(transcript);
  const callOf = callOfMessages(transcript.messages);
  const callCount = splitCalls(transcript).length;
  const pending = new Map<string, Pending>();
  const needles: Needle[] = [];
  const resolved = new Set<string>();
  const calls = new Map<string, { name: string; input: string }>();
  let lastAssistant = { name: '', input: '' };

  transcript.messages.forEach((message, messageIndex) => {
    const call = callOf[messageIndex] ?? 0;
    const blocks = contentBlocks(message);
    const uses: Array<{ blockIndex: number; text: string }> = [];
    blocks.forEach((block, blockIndex) => {
      if (message.role === 'user' && isToolResult(messageIndex, blockIndex)) return;
      const text = usedText(block);
      if (text !== '') uses.push({ blockIndex, text });
    });
    if (call < callCount) {
      for (const use of uses) {
        for (const [value, candidate] of pending) {
          if (candidate.call + MIN_GAP > call || !occursIn(use.text, value)) continue;
          pending.delete(value);
          resolved.add(value);
          needles.push({
            text: value,
            kind: candidate.kind,
            call: candidate.call,
            messageIndex: candidate.messageIndex,
            usedAt: call,
            usedMessageIndex: messageIndex,
            usedBlockIndex: use.blockIndex,
            usedRole: message.role,
            usedText: use.text,
            origin: [candidate.origin.name, candidate.origin.input].filter(Boolean).join(' '),
            echo: occursIn(candidate.origin.input, value),
          });
        }
      }
    }
    if (message.role === 'assistant') {
      const texts: string[] = [];
      for (const block of blocks) {
        if (block.type === 'tool_use') calls.set(block.id, { name: block.name, input: usedText(block) });
        else if (block.type === 'text') texts.push(block.text);
      }
      lastAssistant = { name: '', input: texts.join('\n') };
    }
    if (message.role !== 'user') return;
    blocks.forEach((block, blockIndex) => {
      if (!isToolResult(messageIndex, blockIndex)) return;
      const origin =
        block.type === 'tool_result'
          ? (calls.get(block.tool_use_id) ?? { name: '', input: '' })
          : lastAssistant;
      for (const candidate of extractCandidates(blockText(block))) {
        if (pending.has(candidate.text) || resolved.has(candidate.text)) continue;
        pending.set(candidate.text, { ...candidate, call, messageIndex, origin });
      }
    });
  });
  return needles;
}

/** The text of a block that can use a needle: a text block, or the string values of a tool_use input. */
export function usedText(block: Block): string {
  if (block.type === 'text') return block.text;
  if (block.type !== 'tool_use') return '';
  const strings: string[] = [];
  collectStrings(block.input, strings);
  return strings.join('\n');
}

function collectStrings(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (typeof value === 'number') into.push(String(value));
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into);
  else if (value !== null && typeof value === 'object')
    for (const item of Object.values(value)) collectStrings(item, into);
}
