/**
 * Door kit figures (issue 10): what a request waits for in a long-lived door while the engine stores.
 * `npx tsx benchmarks/door.ts [sessionsDir]`
 *
 * A proxy-like process replays the longest recorded session call by call at budget 32k (each call:
 * next(), then storing the call's new blocks), while a second conversation sends a request every
 * 5 ms; the model takes 20 ms to answer each call. Two ways of storing, side by side in one run:
 *   - blocking: garden.settle() right after each request (what a one-shot command does);
 *   - sliced:   session.settleSoon(), 8 ms slices yielding to the event loop (the door kit).
 * Printed: the replayed session's next() time, the event-loop delay, and how late the other
 * conversation's requests were answered (timer lateness + its own next()), p50 / p95 / max.
 * Also the first request of the session resumed whole (every block outside the window is stored in
 * that request: the one wait the kit cannot slice).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { builtinSessions } from '../src/doors/bench/builtin/index.js';
import { loadSessions } from '../src/doors/bench/load.js';
import { openSession, type DoorSession } from '../src/doors/kit/session.js';
import { openDoorStore } from '../src/doors/kit/store.js';
import { defaultTokenizer } from '../src/core/tokens/tokenizer.js';
import type { Transcript } from '../src/core/transcript/types.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sessionsDir = process.argv[2] ?? path.resolve(repoRoot, '../shared/sessions');
const BUDGET = 32_000;
const OTHER_EVERY_MS = 5;
const EPOCH = Date.UTC(2025, 0, 1);
const MODEL_MS = 20;

const folder = mkdtempSync(path.join(tmpdir(), 'gardener-door-bench-'));
const store = openDoorStore({ path: path.join(folder, 'door.db') }, { server: true });
const tokenizer = defaultTokenizer();
let opened = 0;

function open(budget = BUDGET): DoorSession {
  opened++;
  return openSession({
    store,
    scope: { project: `p${opened}`, session: `s${opened}` },
    budget,
    tokenizer,
    config: { now: () => EPOCH },
  });
}

async function longestSession(): Promise<Transcript> {
  let best: Transcript | undefined; // the session with the most calls
  let bestLength = 0;
  try {
    for await (const item of loadSessions([sessionsDir], { cwd: sessionsDir })) {
      if (item.type !== 'session') continue;
      const length = item.session.calls.length;
      if (length > bestLength) [best, bestLength] = [item.session.transcript, length];
    }
  } catch {
    // No recorded sessions here: the built-in ones below.
  }
  return best ?? builtinSessions().sort((a, b) => b.messages.length - a.messages.length)[0]!;
}

const callPoints = (t: Transcript) =>
  t.messages.flatMap((m, i) => (m.role === 'assistant' && i > 0 ? [i] : [])).concat(t.messages.length);

function quantiles(values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
  return `p50 ${at(0.5).toFixed(2)} · p95 ${at(0.95).toFixed(2)} · max ${at(1).toFixed(2)} ms (n=${sorted.length})`;
}

async function replay(transcript: Transcript, mode: 'blocking' | 'sliced') {
  const session = open();
  const other = open();
  const otherTranscript: Transcript = {
    ...transcript,
    id: 'other',
    messages: transcript.messages.slice(0, 3),
  };
  const nextTimes: number[] = [];
  const otherWaits: number[] = [];
  let due = performance.now() + OTHER_EVERY_MS;
  const timer = setInterval(() => {
    const started = performance.now();
    other.next(otherTranscript);
    otherWaits.push(performance.now() - due);
    due = started + OTHER_EVERY_MS;
  }, OTHER_EVERY_MS);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  for (const end of callPoints(transcript)) {
    const started = performance.now();
    session.next({ ...transcript, messages: transcript.messages.slice(0, end) });
    nextTimes.push(performance.now() - started);
    if (mode === 'blocking') session.garden.settle();
    else void session.settleSoon();
    // The model answers (a short answer: real ones take seconds); the loop is free meanwhile.
    await sleep(MODEL_MS);
  }
  await session.settleSoon();
  loop.disable();
  clearInterval(timer);
  session.close();
  other.close();
  return {
    next: quantiles(nextTimes),
    loop: `p50 ${(loop.percentile(50) / 1e6).toFixed(2)} · p99 ${(loop.percentile(99) / 1e6).toFixed(2)} · max ${(loop.max / 1e6).toFixed(2)} ms`,
    other: quantiles(otherWaits.map((w) => Math.max(0, w))),
  };
}

const transcript = await longestSession();
process.stdout.write(
  `session: ${transcript.id} · ${transcript.messages.length} messages · ${callPoints(transcript).length} calls · budget ${BUDGET}\n`,
);
await replay(transcript, 'sliced'); // warm-up: grammars, NLP model, tokenizer
for (const mode of ['blocking', 'sliced'] as const) {
  const r = await replay(transcript, mode);
  process.stdout.write(
    `\n${mode}\n  next()            ${r.next}\n  event-loop delay  ${r.loop}\n  other request late ${r.other}\n`,
  );
}
const resumed = open();
const started = performance.now();
resumed.next(transcript);
process.stdout.write(
  `\nfirst request of the session resumed whole: ${(performance.now() - started).toFixed(0)} ms\n`,
);
resumed.close();
store.close();
rmSync(folder, { recursive: true, force: true });
