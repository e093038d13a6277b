import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { debug } from '../../debug.js';
import { GardenerError, isGardenerError } from '../../errors.js';
import { DEFAULT_MAX_BYTES, decodeInput } from './decode.js';
import { readFileBounded, readStreamBounded } from './read-bytes.js';
import { detect } from './detect.js';
import { headOf, parseBodyByMessages } from './read-body.js';
import { claudeCodeImporter } from './formats/claude-code.js';
import type { FormatImporter } from './formats/importer.js';
import { clearJsonCache, isPlainObject, primeDocument } from './formats/json-input.js';
import { getFormat } from './formats/registry.js';
import type { Transcript } from './types.js';

export interface ReadInputOptions {
  /** Format name; skips detection. */
  from?: string;
  /** Skip JSONL lines that are not JSON instead of failing. */
  lenient?: boolean;
  /** Refuse inputs larger than this (default 64 MiB). */
  maxBytes?: number;
  /** The stream read for "-" (default: process.stdin). */
  stdin?: AsyncIterable<Uint8Array | string>;
  /** Claude Code only: subagent logs to read with the session; default: its `<session>/subagents/` folder. */
  subagents?: readonly string[];
  /** agent-sdk only: keep thinking as text. */
  includeThinking?: boolean;
}

export interface ReadInputResult {
  transcripts: Transcript[];
  /** The format read (detected, or the one named by `from`). */
  format: string;
  /** Records skipped in lenient mode. */
  skipped: number;
}

/**
 * Reads a transcript file (or "-" for stdin) fully and parses it: the format is detected unless
 * named. Bad input of any kind (missing, empty, binary, not UTF-8, too large, invalid JSON or JSONL,
 * truncated, unknown format, no conversation) is a `GardenerError` naming the file and where in it;
 * nothing is returned partially. A Claude Code session brings its subagent logs along.
 */
export async function readInput(
  pathOrDash: string,
  options: ReadInputOptions = {},
): Promise<ReadInputResult> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (!Number.isInteger(maxBytes) || maxBytes <= 0)
    throw new GardenerError('USAGE', `--max-bytes must be a positive whole number, got ${maxBytes}`);
  const isStdin = pathOrDash === '-';
  const where = isStdin ? '<stdin>' : pathOrDash;
  const forced = options.from !== undefined ? getFormat(options.from) : undefined;
  try {
    const input = await readText(pathOrDash, isStdin, maxBytes, options.stdin, forced?.reads !== 'text');
    const importer = forced ?? detect(input.text, isStdin ? undefined : pathOrDash).importer;
    // A text importer (never detected for a JSON object) reads a body read by messages whole.
    const text = input.bytes && importer.reads === 'text' ? decodeInput(input.bytes, where) : input.text;
    input.bytes = undefined;
    const transcripts = parseWith(importer, text, where, options);
    if (transcripts.length === 0) {
      throw new GardenerError(
        'INPUT_INVALID',
        `no conversation found (the ${importer.name} input holds no user or assistant messages)`,
        { where },
      );
    }
    if (importer === claudeCodeImporter && !isStdin)
      transcripts.push(...(await readSubagents(pathOrDash, transcripts[0]!, maxBytes, options)));
    const skipped = transcripts.reduce(
      (n, t) => Math.max(n, typeof t.meta?.skipped === 'number' ? t.meta.skipped : 0),
      0,
    );
    return { transcripts, format: importer.name, skipped };
  } finally {
    clearJsonCache();
  }
}

/**
 * The input's text. A request body is parsed from its bytes a message at a time when the importer
 * may read JSON: the text is then its head, standing for the parsed body, and the bytes are kept
 * until the importer is known. Otherwise the bytes are decoded whole, in a function of their own so
 * that nothing holds them once decoded: a large input is not kept twice while it is parsed.
 */
async function readText(
  pathOrDash: string,
  isStdin: boolean,
  maxBytes: number,
  stdin: ReadInputOptions['stdin'],
  json: boolean,
): Promise<{ text: string; bytes?: Buffer | undefined }> {
  const bytes = isStdin
    ? await readStreamBounded(stdin ?? process.stdin, maxBytes)
    : await readFileBounded(pathOrDash, maxBytes);
  const body = json ? parseBodyByMessages(bytes) : undefined;
  if (body === undefined) return { text: decodeInput(bytes, isStdin ? '<stdin>' : pathOrDash) };
  return { text: primeDocument(headOf(bytes), body), bytes };
}

/** Runs an importer; a non-gardener error (an importer bug on odd input) still names the file. */
function parseWith(
  importer: FormatImporter,
  text: string,
  where: string,
  options: ReadInputOptions,
): Transcript[] {
  try {
    return importer.parse(text, {
      source: where,
      ...(options.lenient !== undefined ? { lenient: options.lenient } : {}),
      ...(options.includeThinking !== undefined ? { includeThinking: options.includeThinking } : {}),
    });
  } catch (error) {
    if (isGardenerError(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new GardenerError('INPUT_INVALID', `cannot read this input as ${importer.name}: ${message}`, {
      where,
      cause: error,
    });
  }
}

/** The `<session>/subagents/agent-*.jsonl` logs of a Claude Code session file (2.1+ layout). */
export async function subagentFiles(sessionFile: string): Promise<string[]> {
  const folder = path.join(sessionFile.replace(/\.jsonl$/i, ''), 'subagents');
  if (folder === path.join(sessionFile, 'subagents')) return [];
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  return names
    .filter((n) => /^agent-.*\.jsonl$/i.test(n))
    .sort()
    .map((n) => path.join(folder, n));
}

async function readSubagents(
  sessionFile: string,
  main: Transcript,
  maxBytes: number,
  options: ReadInputOptions,
): Promise<Transcript[]> {
  const files = options.subagents ?? (await subagentFiles(sessionFile));
  const out: Transcript[] = [];
  for (const file of files) {
    const bytes = await readFileBounded(file, maxBytes);
    if (bytes.length === 0) {
      debug('read-input', 'empty subagent log skipped', { file });
      continue;
    }
    const agentMeta = await readAgentMeta(file);
    for (const t of parseWith(claudeCodeImporter, decodeInput(bytes, file), file, options)) {
      t.meta = { ...t.meta, parentId: t.meta?.parentId ?? main.id, isSidechain: true };
      if (agentMeta) {
        t.meta['agent'] = agentMeta;
        if (typeof agentMeta['description'] === 'string' && agentMeta['description'] !== '')
          t.title = agentMeta['description'];
      }
      out.push(t);
    }
  }
  return out;
}

/** `agent-<id>.meta.json` beside a subagent log ({agentType, description, …}), when present and valid. */
async function readAgentMeta(file: string): Promise<Record<string, unknown> | undefined> {
  try {
    const value: unknown = JSON.parse(await readFile(file.replace(/\.jsonl$/i, '.meta.json'), 'utf8'));
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
