/**
 * Engine cost as a session grows (issue 25): `npx tsx benchmarks/engine-growth.ts [--calls N] [--budget N]`
 *
 * A synthetic agent session (no data needed): one typed prompt every 10 calls, each call an
 * assistant tool call answered by a tool result of 150–1,500 tokens (logs, code, JSON, prose), all
 * generated from a fixed seed. Call i is sync + plan + render (a door's next()) of everything before
 * the i-th assistant message, at the given budget (default 32k); settle() runs after each call,
 * outside the clock, as a door settles off the request path.
 *
 * Prints CPU ms per call, p50 / p95, for calls 1–100, 401–500 and 901–1,000 (scaled to --calls);
 * the engine heap (V8, after GC) against the transcript's JSON; and a SHA-256 of every rendered
 * request in order, so two builds can be checked for byte-identical output.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { openSession, type DoorSession } from '../src/doors/kit/session.js';
import { openStore } from '../src/core/store/open.js';
import { defaultTokenizer } from '../src/core/tokens/tokenizer.js';
import type { MessageParam, Transcript } from '../src/core/transcript/types.js';
import { cpu, percentile } from './support/measure.js';

const { values } = parseArgs({
  options: { calls: { type: 'string', default: '1000' }, budget: { type: 'string', default: '32000' } },
});
const CALLS = Number(values.calls);
const BUDGET = Number(values.budget);
const CALL_MS = 10_000;
const EPOCH = Date.UTC(2025, 0, 1);
/** A typed prompt opens every this many calls. */
const PROMPT_EVERY = 10;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** A small deterministic generator (mulberry32), so every run builds the same session. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['request', 'vat', 'batch', 'parser', 'cache', 'render', 'token', 'budget', 'store', 'query'];

function toolOutput(
  i: number,
  next: () => number,
): { name: string; input: Record<string, unknown>; text: string } {
  const word = () => WORDS[Math.floor(next() * WORDS.length)] ?? 'x';
  const lines = 20 + Math.floor(next() * 180);
  switch (i % 4) {
    case 0:
      return {
        name: 'Bash',
        input: { command: `make test${i}` },
        text: Array.from({ length: lines }, (_, k) =>
          k % 37 === 5
            ? `ERROR ${word()}_${i}.py:${k} AssertionError: expected ${k * 7} got ${k * 7 + 1}`
            : `2025-01-01T00:${String(k % 60).padStart(2, '0')}:00 INFO ${word()} step ${k} of job_${i} ok`,
        ).join('\n'),
      };
    case 1:
      return {
        name: 'Read',
        input: { file_path: `src/${word()}_${i}.ts` },
        text: Array.from({ length: lines }, (_, k) =>
          k % 8 === 0
            ? `export function ${word()}${i}_${k}(input: string): number {`
            : `  const ${word()}${k} = input.length * ${k} + ${i}; // ${word()}`,
        ).join('\n'),
      };
    case 2:
      return {
        name: 'Read',
        input: { file_path: `data/${word()}_${i}.json` },
        text: JSON.stringify(
          Array.from({ length: Math.ceil(lines / 4) }, (_, k) => ({
            id: k,
            name: `${word()}-${i}`,
            total: k * i,
          })),
          null,
          2,
        ),
      };
    default:
      return {
        name: 'WebFetch',
        input: { url: `https://example.com/${word()}/${i}` },
        text: Array.from(
          { length: Math.ceil(lines / 3) },
          (_, k) => `The ${word()} ${k} of page ${i} explains how the ${word()} relates to the ${word()}.`,
        ).join(' '),
      };
  }
}

/** The whole session's messages and, per call, how many messages come before its assistant message. */
function buildSession(calls: number): { messages: MessageParam[]; cuts: number[] } {
  const next = random(25);
  const messages: MessageParam[] = [];
  const cuts: number[] = [];
  for (let i = 0; i < calls; i++) {
    const prompt =
      i % PROMPT_EVERY === 0 ? `Task ${i / PROMPT_EVERY}: look at the ${WORDS[i % 10]} code.` : '';
    const last = messages[messages.length - 1];
    if (prompt && last?.role === 'user' && Array.isArray(last.content))
      last.content.push({ type: 'text', text: prompt });
    else if (prompt || !last) messages.push({ role: 'user', content: prompt || 'Go on.' });
    cuts.push(messages.length);
    const tool = toolOutput(i, next);
    const id = `toolu_${String(i).padStart(5, '0')}`;
    messages.push({
      role: 'assistant',
      content: [
        { type: 'text', text: `Step ${i}: checking ${tool.name}.` },
        { type: 'tool_use', id, name: tool.name, input: tool.input },
      ],
    });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: tool.text }] });
  }
  return { messages, cuts };
}

const system = 'You are a coding agent. Use the tools to inspect and fix the code.';
const { messages, cuts } = buildSession(CALLS);
const folder = mkdtempSync(path.join(tmpdir(), 'gardener-growth-'));
const store = openStore({ path: path.join(folder, 'growth.db') });
const clock = { call: 0 };
const tokenizer = defaultTokenizer();
let session: DoorSession | undefined = openSession({
  store,
  scope: { project: 'growth', session: 'growth' },
  budget: BUDGET,
  tokenizer,
  config: { now: () => EPOCH + clock.call * CALL_MS },
});
const digest = createHash('sha256');
const times: number[] = [];
let events = 0;
for (let i = 0; i < CALLS; i++) {
  clock.call = i;
  const transcript: Transcript = {
    id: 'growth',
    format: 'anthropic',
    system,
    messages: messages.slice(0, cuts[i]),
  };
  let request: unknown;
  times.push(
    cpu(() => {
      const result = session!.next(transcript);
      request = result.request;
      if (result.event) events++;
    }),
  );
  digest.update(JSON.stringify(request));
  session.garden.settle();
}
// The heap the garden holds: with it, minus once it is closed and dropped (the tokenizer's caches stay).
gc();
const withGarden = process.memoryUsage().heapUsed;
session.close();
session = undefined;
gc();
const heap = withGarden - process.memoryUsage().heapUsed;
const bytes = Buffer.byteLength(JSON.stringify({ system, messages }));

const band = (from: number) => {
  const start = Math.floor((from / 1000) * CALLS);
  const slice = times.slice(start, start + Math.max(1, Math.floor(CALLS / 10)));
  return `calls ${start + 1}–${start + slice.length}: p50 ${percentile(slice, 50).toFixed(2)} ms  p95 ${percentile(slice, 95).toFixed(2)} ms`;
};
const lines = [
  `# engine growth (${new Date().toISOString().slice(0, 10)}, node ${process.version}): ${CALLS} synthetic calls at budget ${BUDGET}, ${events} events`,
  'CPU ms per next() (sync + plan + render), settle() off the clock',
  band(0),
  band(400),
  band(900),
  `engine heap holding the session: ${(heap / 1e6).toFixed(1)} MB vs transcript JSON ${(bytes / 1e6).toFixed(1)} MB = ${(heap / bytes).toFixed(2)}×   (target ≤ 2×)`,
  `rendered requests sha256: ${digest.digest('hex').slice(0, 16)}`,
];
process.stdout.write(`${lines.join('\n')}\n`);
store.close();
rmSync(folder, { recursive: true, force: true });
