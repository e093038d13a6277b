/**
 * Engine golden digests: `npx tsx benchmarks/engine-golden.ts [--write FILE | --check FILE] [--shared N]`
 *
 * A check that a change of the engine's code leaves its behaviour byte for byte as it was. It
 * replays sessions through the engine and records a SHA-256 per run of everything the engine
 * hands back: each rendered request, each plan's result, the pressure report, events and counters,
 * a restart from the saved state, the explicit operations (recall, fetch, recall into context,
 * forget, pin, compact-all), the one-shot compress path, and the compressors' outputs on
 * test/fixtures/compress. `--write` saves the digests; `--check` compares with saved ones and exits
 * 1 on any difference, naming the runs that differ.
 *
 * Sessions: the built-in ones, the transcript fixtures, and the N sessions (default 3) with the most
 * calls of each format folder of ../shared/sessions, when present. Budgets 32,000, 16,000 and 8,000; two door
 * configurations (the engine's defaults with costs and usage reported, and a proxy-like one: one
 * turn kept, forms saved later, no injection, shell words). Only the library's and the packages'
 * faces are imported, so the script runs unchanged across a re-layering of the engine.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { classify } from '../src/core/classify/index.js';
import type { ContentClass } from '../src/core/classify/index.js';
import { compress } from '../src/core/compress/index.js';
import { openStore } from '../src/core/store/index.js';
import type { GardenerStore } from '../src/core/store/index.js';
import { defaultTokenizer } from '../src/core/tokens/index.js';
import type { Transcript } from '../src/core/transcript/index.js';
import { compressTranscripts } from '../src/doors/batch/compress.js';
import { loadSessions } from '../src/doors/bench/load.js';
import { createProxySend } from '../src/doors/bench/proxy-send.js';
import type { BenchSession } from '../src/doors/bench/types.js';
import { recordedRequest } from '../src/doors/bench/strategies/context.js';
import { openSession } from '../src/doors/kit/session.js';
import { SHELL_WORDS, type Garden, type GardenSettings } from '../src/index.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The recorded sessions beside the checkout (or beside its worktrees' folder). */
const sharedDir = [
  path.resolve(repoRoot, '../shared/sessions'),
  path.resolve(repoRoot, '../../shared/sessions'),
].find((dir) => existsSync(dir));
const fixturesDir = path.join(repoRoot, 'test/fixtures');
const BUDGETS = [32_000, 16_000, 8_000];
const EPOCH = Date.UTC(2025, 0, 1);
const CALL_MS = 10_000;
/** Every this many calls the replay clock jumps past the cache's TTL: cold events happen too. */
const IDLE_EVERY = 25;
const IDLE_MS = 6 * 60_000;

const args = process.argv.slice(2);
const flag = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const writeTo = flag('--write');
const checkWith = flag('--check');
const perFolder = Number(flag('--shared') ?? 3);

const tokenizer = defaultTokenizer();
const folder = mkdtempSync(path.join(tmpdir(), 'gardener-golden-'));
const store: GardenerStore = openStore({ path: path.join(folder, 'golden.db') });
const digests: Record<string, string> = {};
const tally = { runs: 0, calls: 0, events: 0 };
let scopes = 0;

const sha = (value: unknown) =>
  createHash('sha256')
    .update(typeof value === 'string' ? value : JSON.stringify(value))
    .digest('hex');

/** A digest that records what it is fed, in order. */
function recorder() {
  const hash = createHash('sha256');
  return {
    add(label: string, value: unknown) {
      hash
        .update(label)
        .update('\0')
        .update(JSON.stringify(value) ?? 'undefined')
        .update('\n');
    },
    digest: () => hash.digest('hex'),
  };
}

/** What a thrown error says (a door shows its code and message). */
function failure(error: unknown): unknown {
  if (error instanceof Error)
    return { name: error.name, message: error.message, code: (error as { code?: unknown }).code };
  return String(error);
}

function attempt<T>(fn: () => T): T | { error: unknown } {
  try {
    return fn();
  } catch (error) {
    return { error: failure(error) };
  }
}

interface Mode {
  name: string;
  config: GardenSettings;
  reportCosts: boolean;
}

const MODES: Mode[] = [
  { name: 'door', config: {}, reportCosts: true },
  {
    name: 'proxy',
    config: { keepLastTurns: 1, saveLater: true, inject: 'off', retrieval: SHELL_WORDS },
    reportCosts: false,
  },
];

/** The entry ids a rendered request names (`fetch("id")`, `id=…`), in order of first appearance. */
function namedIds(request: unknown): string[] {
  const text = JSON.stringify(request);
  const ids = new Set<string>();
  for (const match of text.matchAll(/(?:fetch\(\\"|show |id=)([0-9a-z]{8})\b/g)) ids.add(match[1] as string);
  return [...ids];
}

/** One session replayed call by call at one budget in one mode, then reopened and operated on. */
function replay(bench: BenchSession, budget: number, mode: Mode): void {
  const rec = recorder();
  scopes++;
  const scope = { project: `golden-${scopes}`, session: bench.transcript.id || `s${scopes}` };
  let call = 0;
  const now = () => EPOCH + call * CALL_MS + Math.floor(call / IDLE_EVERY) * IDLE_MS;
  const config: GardenSettings = { ...mode.config, now };
  const proxy = createProxySend(tokenizer);
  const session = openSession({ store, scope, budget, tokenizer, config });
  const { garden } = session;
  const { transcript, calls } = bench;
  for (let index = 0; index < calls.length; index++) {
    call = index;
    const end = calls[index]?.messageIndex ?? transcript.messages.length;
    const messages = transcript.messages.slice(0, end);
    const next = attempt(() => session.next({ ...transcript, messages }));
    if ('error' in next) {
      rec.add('error', next.error);
      continue;
    }
    const { request, plan } = next;
    rec.add('request', sha(request));
    rec.add('plan', plan);
    rec.add('pressure', next.pressure);
    if (mode.reportCosts) {
      const sent = proxy.send(request, recordedRequest(bench, index), now());
      garden.observeCost(sent.costs);
      rec.add('marks', sent.marks);
      if (index % 3 === 2) garden.observeUsage(Math.round(plan.tokens * 1.07) + 11);
    } else {
      garden.save();
    }
    if (index % 4 === 3) rec.add('settle', garden.settle());
    tally.calls++;
  }
  rec.add('events', garden.events());
  rec.add('counters', garden.counters());
  rec.add('classes', garden.classStats());
  session.close();
  tally.events += garden.counters().events;

  // A restart: the same scope opened again picks up the saved forms.
  call = calls.length + IDLE_EVERY;
  const again = openSession({ store, scope, budget, tokenizer, config });
  const g = again.garden;
  const whole = { ...transcript };
  const first = attempt(() => again.next(whole));
  rec.add('restart', 'error' in first ? first : { request: sha(first.request), plan: first.plan });
  operate(g, rec, 'error' in first ? [] : namedIds(first.request));
  again.close();
  digests[`${bench.label}|${budget}|${mode.name}`] = rec.digest();
  tally.runs++;
}

/** The explicit operations, on ids the request names (a recall, a fetch, each change and its render). */
function operate(g: Garden, rec: ReturnType<typeof recorder>, ids: string[]): void {
  const render = () => sha(attempt(() => g.render()));
  const recalled = g.recall('error test failed config');
  rec.add('recall', {
    hits: recalled.hits.map((h) => [h.id, h.text]),
    inContext: recalled.inContext,
  });
  const [a, b, c] = ids;
  if (a !== undefined) {
    const fetched = g.fetch(a, { query: 'error' });
    rec.add(
      'fetch',
      fetched && {
        id: fetched.entry.id,
        form: fetched.form,
        block: sha(fetched.block ?? null),
        inside: fetched.inside,
      },
    );
    rec.add('inContext', g.inContext(a));
    rec.add('recallIntoContext', g.recallIntoContext(a));
    rec.add('render', render());
  }
  if (b !== undefined) {
    rec.add('forget', g.forget(b));
    rec.add('render', render());
  }
  if (c !== undefined) {
    rec.add('pin', g.pin(c));
    rec.add(
      'plan',
      attempt(() => g.plan({ strict: false })),
    );
    rec.add('render', render());
    rec.add('unpin', g.unpin(c));
  }
  rec.add('unknown', g.forget('zzzzzzzz'));
  rec.add('compactAll', g.compactAll({ minTokens: 100 }));
  rec.add('render', render());
  rec.add(
    'target',
    attempt(() => g.plan({ target: 4_000, strict: false })),
  );
  rec.add('render', render());
  rec.add('pressure', g.pressure());
  rec.add('events', g.events());
  rec.add('counters', g.counters());
}

/** The one-shot door (`gardener compress`): with a budget, and compacting everything. */
function oneShot(bench: BenchSession): void {
  for (const budget of [undefined, 8_000]) {
    const rec = recorder();
    scopes++;
    const copy: Transcript = { ...bench.transcript, messages: [...bench.transcript.messages] };
    const result = attempt(() =>
      compressTranscripts(store, `golden-oneshot-${scopes}`, [copy], {
        budget,
        minTokens: 0,
        keepLastTurns: 2,
        session: undefined,
        consume: true,
      }),
    );
    if ('error' in result) rec.add('error', result.error);
    else {
      rec.add('transcripts', sha(result.transcripts));
      rec.add('stats', { ...result.stats, elapsedMs: 0 });
    }
    digests[`${bench.label}|oneshot|${budget ?? 'all'}`] = rec.digest();
    tally.runs++;
  }
}

/** Every compressor fixture: its class as classified, and the compressor's output for its folder's class. */
function compressors(): void {
  const root = path.join(fixturesDir, 'compress');
  const walk = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((name) => {
        const full = path.join(dir, name);
        return statSync(full).isDirectory() ? walk(full) : [full];
      });
  for (const file of walk(root)) {
    const relative = path.relative(root, file);
    const cls = relative.split(path.sep)[0] as ContentClass;
    const text = readFileSync(file, 'utf8');
    const classified = classify(text, { role: 'user', blockType: 'tool_result' });
    const summary = attempt(() => compress(cls, text, { path: relative }));
    digests[`compress|${relative}`] = sha({ classified, summary });
    tally.runs++;
  }
}

async function load(given: string): Promise<BenchSession[]> {
  const sessions: BenchSession[] = [];
  for await (const item of loadSessions(given === '' ? [] : [given], { cwd: repoRoot }))
    if (item.type === 'session') sessions.push(item.session);
  return sessions;
}

/** The `n` sessions of a folder with the most calls (ties: by label). */
async function longest(dir: string, n: number): Promise<BenchSession[]> {
  const all = await load(dir);
  all.sort((a, b) => b.calls.length - a.calls.length || (a.label < b.label ? -1 : 1));
  return all.slice(0, n);
}

async function main(): Promise<void> {
  const started = performance.now();
  const sessions = [...(await load('')), ...(await load(path.join(fixturesDir, 'transcript')))];
  if (sharedDir !== undefined && perFolder > 0) {
    const folders = readdirSync(sharedDir)
      .filter((name) => statSync(path.join(sharedDir, name)).isDirectory())
      .sort();
    for (const name of folders) sessions.push(...(await longest(path.join(sharedDir, name), perFolder)));
  }
  for (const bench of sessions) {
    for (const budget of BUDGETS) for (const mode of MODES) replay(bench, budget, mode);
    oneShot(bench);
  }
  compressors();
  store.close();
  rmSync(folder, { recursive: true, force: true });
  const all = sha(Object.entries(digests).sort(([a], [b]) => (a < b ? -1 : 1)));
  process.stdout.write(
    `${sessions.length} sessions, ${tally.runs} runs, ${tally.calls} calls, ${tally.events} events; ` +
      `all digests sha256 ${all.slice(0, 16)} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
  );
  if (writeTo) writeFileSync(writeTo, `${JSON.stringify(digests, null, 1)}\n`);
  if (checkWith) {
    const saved = JSON.parse(readFileSync(checkWith, 'utf8')) as Record<string, string>;
    const keys = new Set([...Object.keys(saved), ...Object.keys(digests)]);
    const differ = [...keys].filter((key) => saved[key] !== digests[key]).sort();
    for (const key of differ) process.stdout.write(`differs: ${key}\n`);
    process.stdout.write(
      differ.length === 0 ? 'identical to the saved digests\n' : `${differ.length} differ\n`,
    );
    if (differ.length > 0) process.exitCode = 1;
  }
}

await main();
