/**
 * Engine figures (the garden issue): `npx tsx benchmarks/engine.ts [sessionsDir]`
 *
 * 1. plan + render per call, p50 / p95 / max, on the longest session replayed at budget 32k
 *    (each call's blocks synced before the clock starts).
 * 2. sync of a new 10k-token tool result, p95 (30 different results appended to the longest session).
 * 3. engine memory (V8 heap after sync, GC'd) vs the transcript's JSON size.
 * 4. every session replayed call by call at budgets 16k, 32k and 100k: renders that add validation
 *    issues (must be 0), calls over budget (and how many of those are protected-only), and cache
 *    breaks (a call whose messages do not start with the previous call's, its injection aside)
 *    against calls with an event.
 *
 * Default config (inject auto), a fresh temp store, a replay clock of one call every 10 s.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadSessions } from '../src/doors/bench/load.js';
import type { BenchSession } from '../src/doors/bench/types.js';
import { isGardenerError } from '../src/errors.js';
import { openSession } from '../src/doors/kit/session.js';
import type { Garden } from '../src/core/garden/index.js';
import { stripMessage } from '../src/core/transcript/strip-message.js';
import { openStore } from '../src/core/store/open.js';
import type { GardenerStore } from '../src/core/store/types.js';
import { countRequest } from '../src/core/tokens/count.js';
import { defaultTokenizer } from '../src/core/tokens/tokenizer.js';
import { toRequest, type MessageParam, type Transcript } from '../src/core/transcript/types.js';
import { validate } from '../src/core/transcript/validate.js';
import { cpu, percentile } from './support/measure.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sessionsDir = process.argv[2] ?? path.resolve(repoRoot, '../shared/sessions');
const BUDGETS = [16_000, 32_000, 100_000];
const CALL_MS = 10_000;
const EPOCH = Date.UTC(2025, 0, 1);
const SYNC_SAMPLES = 30;
const NEW_RESULT_TOKENS = 10_000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const tokenizer = defaultTokenizer();

const folder = mkdtempSync(path.join(tmpdir(), 'gardener-engine-bench-'));
const store: GardenerStore = openStore({ path: path.join(folder, 'engine.db') });
let sessionsOpened = 0;

function open(budget: number, clock: { call: number }): Garden {
  sessionsOpened++;
  // The engine itself: this benchmark times sync, plan and render one by one.
  return openSession({
    store,
    scope: { project: `p${sessionsOpened}`, session: `s${sessionsOpened}` },
    budget,
    tokenizer,
    config: { now: () => EPOCH + clock.call * CALL_MS },
  }).garden;
}

/** SHA-256 of every rendered request of the replays, in order: equal across builds when output is. */
const rendered = createHash('sha256');

const ms = (n: number) => `${n.toFixed(2)} ms`;
const issueKeys = (request: unknown) =>
  new Set(validate(request).issues.map((i) => `${i.path}|${i.message}`));

async function load(): Promise<BenchSession[]> {
  const sessions: BenchSession[] = [];
  let skipped = 0;
  for await (const item of loadSessions([sessionsDir], { cwd: sessionsDir })) {
    if (item.type === 'session') sessions.push(item.session);
    else skipped++;
  }
  process.stderr.write(`loaded ${sessions.length} sessions (${skipped} files skipped) from ${sessionsDir}\n`);
  return sessions;
}

/** 1. plan + render per call on the longest session at 32k. */
function planRender(session: BenchSession): number[] {
  const clock = { call: 0 };
  const g = open(32_000, clock);
  const times: number[] = [];
  for (const call of session.calls) {
    clock.call = call.index;
    g.sync({ ...session.transcript, messages: session.transcript.messages.slice(0, call.messageIndex) });
    times.push(
      cpu(() => {
        g.plan({ strict: false });
        g.render();
      }),
    );
  }
  g.close();
  return times;
}

/** A tool result of about `tokens` tokens, different for each `seed`, from the session's own texts. */
function newResult(pool: readonly string[], seed: number, tokens: number): string {
  const parts: string[] = [`run ${seed}`];
  let total = 0;
  for (let i = 0; total < tokens; i++) {
    const text = pool[(seed * 7 + i) % pool.length] ?? 'line';
    const piece = text.slice(0, 4_000);
    parts.push(piece);
    total += tokenizer.count(piece);
  }
  return parts.join('\n');
}

/** 2. sync of a new 10k-token tool result appended to the longest session. */
function syncNewResult(session: BenchSession): number[] {
  const clock = { call: 0 };
  const g = open(32_000, clock);
  const transcript = session.transcript;
  g.sync(transcript);
  const pool = transcript.messages.flatMap((m) =>
    typeof m.content === 'string'
      ? [m.content]
      : m.content.flatMap((b) =>
          b.type === 'text'
            ? [b.text]
            : b.type === 'tool_result' && typeof b.content === 'string'
              ? [b.content]
              : [],
        ),
  );
  const times: number[] = [];
  const closing =
    transcript.messages[transcript.messages.length - 1]?.role === 'user'
      ? [{ role: 'assistant', content: 'ok' } as MessageParam]
      : [];
  for (let i = 0; i < SYNC_SAMPLES; i++) {
    const id = `bench_tool_${i}`;
    const next: Transcript = {
      ...transcript,
      messages: [
        ...transcript.messages,
        ...closing,
        { role: 'user', content: `step ${i}` },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id, name: 'Bash', input: { command: `make step${i}` } }],
        },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: id, content: newResult(pool, i, NEW_RESULT_TOKENS) }],
        },
      ],
    };
    times.push(cpu(() => g.sync(next)));
    settles.push(cpu(() => g.settle()));
    g.sync(transcript);
  }
  g.close();
  return times;
}

/** settle() of each new tool result, right after its sync (off the request path). */
const settles: number[] = [];

/**
 * 3. engine heap vs transcript size: the V8 heap a garden retains holding the whole session with
 * every block settled (summaries and stubs built), measured as the heap with the garden minus the
 * heap once it is dropped (both after a full GC). The transcript itself is the caller's and the
 * tokenizer's caches are process-wide: neither is counted.
 */
function memory(session: BenchSession): { heap: number; transcript: number } {
  const transcript = structuredClone(session.transcript);
  const bytes = Buffer.byteLength(JSON.stringify(transcript));
  let g: Garden | undefined = open(32_000, { call: 0 });
  g.sync(transcript);
  g.settle();
  g.plan({ strict: false });
  g.render();
  gc();
  const withGarden = process.memoryUsage().heapUsed;
  g.close();
  g = undefined;
  gc();
  const without = process.memoryUsage().heapUsed;
  return { heap: withGarden - without, transcript: bytes };
}

interface ReplayTotals {
  calls: number;
  invalid: number;
  over: number;
  overProtected: number;
  events: number;
  callsWithEvent: number;
  breaks: number;
  breaksWithoutEvent: number;
  injectionRewrites: number;
  errors: number;
}

/** Same message, a string content and one text block counting as the same. */
function sameMessage(a: MessageParam | undefined, b: MessageParam | undefined): boolean {
  if (!a || !b) return false;
  const norm = (m: MessageParam) =>
    JSON.stringify({
      ...m,
      content: typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content,
    });
  return norm(a) === norm(b);
}

/** 4. one session at one budget. */
function replay(session: BenchSession, budget: number, totals: ReplayTotals): void {
  const clock = { call: 0 };
  const g = open(budget, clock);
  let previous: MessageParam[] | undefined;
  let injectedAt = -1;
  for (const call of session.calls) {
    clock.call = call.index;
    const transcript = {
      ...session.transcript,
      messages: session.transcript.messages.slice(0, call.messageIndex),
    };
    if (transcript.messages.length === 0) continue;
    totals.calls++;
    try {
      const eventsBefore = g.counters().events;
      g.sync(transcript);
      const plan = g.plan({ strict: false });
      const request = g.render();
      rendered.update(JSON.stringify(request));
      const events = g.counters().events - eventsBefore;
      totals.events += events;
      if (events > 0) totals.callsWithEvent++;
      const inputIssues = issueKeys(toRequest(transcript));
      if ([...issueKeys(request)].some((k) => !inputIssues.has(k))) totals.invalid++;
      if (countRequest(tokenizer, request) > budget) {
        totals.over++;
        if (plan.impossible && plan.impossible.protected > budget) totals.overProtected++;
      }
      if (previous) {
        const current = request.messages;
        const first = previous.findIndex((m, i) => !sameMessage(m, current[i]));
        if (first !== -1) {
          // The turn that carried the previous call's injection is sent without it now: that one
          // message is rewritten by design (injected context is never re-sent as history).
          if (first === injectedAt && sameMessage(stripMessage(previous[first]!).message, current[first]))
            totals.injectionRewrites++;
          else {
            totals.breaks++;
            if (events === 0) totals.breaksWithoutEvent++;
          }
        }
      }
      // The recorded assistant message is appended as it was: it is part of the next call's prefix.
      const output = session.transcript.messages[call.messageIndex];
      injectedAt = stripMessage(request.messages.at(-1)!).stripped > 0 ? request.messages.length - 1 : -1;
      previous = output ? [...request.messages, output] : request.messages;
    } catch (error) {
      totals.errors++;
      if (!isGardenerError(error)) throw error;
      previous = undefined;
    }
  }
  g.close();
}

const sessions = await load();
const sizes = new Map(sessions.map((s) => [s, countRequest(tokenizer, toRequest(s.transcript))]));
const longest = [...sessions].sort((a, b) => (sizes.get(b) ?? 0) - (sizes.get(a) ?? 0))[0];
if (!longest) throw new Error(`no sessions in ${sessionsDir}`);
process.stderr.write(
  `longest: ${longest.label} (${longest.calls.length} calls, ${sizes.get(longest)} tokens)\n`,
);

const pr = planRender(longest);
const sy = syncNewResult(longest);
const mem = memory(longest);
const byBudget = new Map<number, ReplayTotals>();
for (const budget of BUDGETS) {
  const totals: ReplayTotals = {
    calls: 0,
    invalid: 0,
    over: 0,
    overProtected: 0,
    events: 0,
    callsWithEvent: 0,
    breaks: 0,
    breaksWithoutEvent: 0,
    injectionRewrites: 0,
    errors: 0,
  };
  const started = performance.now();
  for (const session of sessions) replay(session, budget, totals);
  byBudget.set(budget, totals);
  process.stderr.write(
    `replayed ${sessions.length} sessions at ${budget} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

const lines = [
  `# garden engine figures (${new Date().toISOString().slice(0, 10)}, node ${process.version}, ${sessions.length} sessions from ${path.relative(repoRoot, sessionsDir) || sessionsDir})`,
  `longest session: ${longest.label}: ${longest.calls.length} calls, ${sizes.get(longest)?.toLocaleString('en-US')} tokens raw`,
  'times are CPU time (user + system) of this process',
  `plan+render per call at 32k:  p50 ${ms(percentile(pr, 50))}  p95 ${ms(percentile(pr, 95))}  max ${ms(Math.max(...pr))}   (target p95 ≤ 50 ms)`,
  `sync of a new ${NEW_RESULT_TOKENS.toLocaleString('en-US')}-token tool result:  p50 ${ms(percentile(sy, 50))}  p95 ${ms(percentile(sy, 95))}  max ${ms(Math.max(...sy))}   (target p95 ≤ 30 ms)`,
  `settle() of that tool result (classify → compress → store, off the request path):  p50 ${ms(percentile(settles, 50))}  p95 ${ms(percentile(settles, 95))}`,
  `engine heap with the whole session settled: ${(mem.heap / 1e6).toFixed(1)} MB vs transcript JSON ${(mem.transcript / 1e6).toFixed(1)} MB = ${(mem.heap / mem.transcript).toFixed(2)}×   (target ≤ 2×)`,
  '',
  'budget   calls   invalid   over (protected-only)   events   calls w/ event   cache breaks   breaks w/o event   injected turns rewritten   errors',
  ...BUDGETS.map((b) => {
    const t = byBudget.get(b)!;
    return `${String(b).padStart(6)}  ${String(t.calls).padStart(6)}  ${String(t.invalid).padStart(8)}  ${String(t.over).padStart(6)} (${t.overProtected})${' '.repeat(Math.max(1, 14 - String(t.overProtected).length))}${String(t.events).padStart(6)}  ${String(t.callsWithEvent).padStart(14)}  ${String(t.breaks).padStart(13)}  ${String(t.breaksWithoutEvent).padStart(17)}  ${String(t.injectionRewrites).padStart(25)}  ${String(t.errors).padStart(7)}`;
  }),
  '',
  `rendered requests of the replays, sha256: ${rendered.digest('hex').slice(0, 16)}`,
];
process.stdout.write(`${lines.join('\n')}\n`);
store.close();
rmSync(folder, { recursive: true, force: true });
