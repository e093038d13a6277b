/**
 * One fuzz trial: a hostile input through every reading and storing path (format detection and
 * import, classify, each compressor, terms and redaction, store ingest and recall, the engine's
 * sync → compact → render), timing each path and collecting what went wrong.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { classify } from '../../src/core/classify/classify.js';
import type { ContentClass } from '../../src/core/classify/types.js';
import { compress } from '../../src/core/compress/index.js';
import { compressTranscripts } from '../../src/doors/batch/compress.js';
import { isGardenerError } from '../../src/errors.js';
import { extractTerms } from '../../src/core/names/terms.js';
import { recall } from '../../src/core/recall/recall.js';
import { redactSecrets } from '../../src/core/store/redact.js';
import { indexTerms } from '../../src/core/store/terms.js';
import type { GardenerStore } from '../../src/core/store/types.js';
import { readInput } from '../../src/core/transcript/read-input.js';
import { toRequest, type Transcript } from '../../src/core/transcript/types.js';
import { validate } from '../../src/core/transcript/validate.js';
import { fileBytes, toolOutput, type HostileInput } from './hostile.js';

const CLASSES: readonly ContentClass[] = ['log', 'code', 'structured', 'prose', 'error'];

export interface TrialResult {
  /** Characters of input text (file bytes for the reading path). */
  chars: number;
  /** Slowest path and its time. */
  slowest: { path: string; ms: number };
  totalMs: number;
  failures: string[];
}

/** Every text a transcript carries in its blocks (text, tool_result contents). */
export function blockTexts(transcript: Pick<Transcript, 'messages'>): string[] {
  const texts: string[] = [];
  for (const message of transcript.messages) {
    if (typeof message.content === 'string') texts.push(message.content);
    else
      for (const block of message.content) {
        if (block.type === 'text') texts.push(block.text);
        else if (block.type === 'tool_result') {
          if (typeof block.content === 'string') texts.push(block.content);
          else for (const part of block.content ?? []) if (part.type === 'text') texts.push(part.text);
        }
      }
  }
  return texts;
}

/** Runs one input; `n` names its session and file. Never throws: problems are in `failures`. */
export async function runTrial(
  input: HostileInput,
  context: { dir: string; store: GardenerStore; n: number },
): Promise<TrialResult> {
  const failures: string[] = [];
  const slowest = { path: '', ms: 0 };
  const started = performance.now();
  const timed = async <T>(name: string, work: () => T | Promise<T>): Promise<T | undefined> => {
    const t = performance.now();
    try {
      return await work();
    } catch (error) {
      failures.push(`${name} threw: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`);
      return undefined;
    } finally {
      const ms = performance.now() - t;
      if (ms > slowest.ms) Object.assign(slowest, { path: name, ms });
    }
  };
  const secrets = input.secrets.flatMap((s) => s.values);
  const texts = [toolOutput(input), ...input.texts.slice(1)];

  // Reading: a transcript or a GardenerError, nothing else.
  const file = path.join(context.dir, `input-${context.n}.json`);
  const bytes = fileBytes(input);
  writeFileSync(file, bytes);
  const read = await timed('read', async () => {
    try {
      return (await readInput(file)).transcripts;
    } catch (error) {
      if (isGardenerError(error)) return [];
      throw error;
    }
  });

  // The engine end to end: a valid request, and no secret in any text the engine wrote.
  if (read && read.length > 0) {
    const result = await timed('engine', () =>
      compressTranscripts(context.store, 'fuzz', read, {
        budget: undefined,
        minTokens: 0,
        keepLastTurns: 0,
        session: `s${context.n}`,
      }),
    );
    const given = new Set(read.flatMap(blockTexts));
    for (const out of result?.transcripts ?? []) {
      const issues = validate(toRequest(out)).issues;
      if (issues.length > 0)
        failures.push(`engine rendered an invalid request: ${JSON.stringify(issues[0])}`);
      for (const text of blockTexts(out))
        if (!given.has(text) && secrets.some((s) => text.includes(s)))
          failures.push('engine wrote a secret in clear into a summary or stub');
    }
  }

  for (const [i, text] of texts.entries()) {
    const cls = await timed('classify', () =>
      classify(text, { role: 'user', blockType: 'tool_result', toolName: 'Bash', command: 'make' }),
    );
    if (cls === undefined) continue;
    // Every class without a path, and the structured readers a path turns on (INI, ignore files).
    const runs = [
      ...CLASSES.map((c) => ({ c, name: c, path: undefined })),
      { c: 'structured' as const, name: 'structured:ini', path: 'setup.cfg' },
      { c: 'structured' as const, name: 'structured:ignore', path: '.gitignore' },
    ];
    for (const { c, name, path } of runs) {
      const summary = await timed(`compress:${name}`, () => compress(c, text, path ? { path } : {}));
      if (summary && summary.text.length > text.length)
        failures.push(`compress:${name} made the text longer`);
      if (summary?.note?.includes('compressor failed'))
        failures.push(`compress:${name} failed: ${summary.note}`);
    }
    await timed('terms', () => extractTerms(text));
    await timed('index-terms', () => indexTerms(text));
    const redacted = await timed('redact', () => redactSecrets(text).text);
    if (i === 0 && redacted !== undefined && secrets.some((s) => redacted.includes(s)))
      failures.push('redaction left a planted secret');
    await timed('store', () => {
      context.store.ingest({
        scope: { project: 'fuzz', session: `d${context.n}` },
        class: cls,
        original: text,
        summary: text.slice(0, 200),
        tokensOriginal: Math.ceil(text.length / 4),
        tokensSummary: 50,
        priority: 20,
      });
      recall(context.store, text.slice(0, 200), { project: 'fuzz', session: `d${context.n}` }, { limit: 5 });
    });
  }
  return {
    chars: Math.max(bytes.length, ...texts.map((t) => t.length)),
    slowest,
    totalMs: performance.now() - started,
    failures,
  };
}
