import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { requestUnits } from '../../../src/core/cache/cache-units.js';
import { createPromptCache, usageCost, type CacheUsage } from '../../../src/core/cache/prompt-cache.js';
import { cacheModel, type CacheModel } from '../../../src/core/cache/models.js';
import { defaultTokenizer } from '../../../src/core/tokens/tokenizer.js';
import { CLAUDE_BIN, HEADLESS_CLAUDE_ENV } from '../claude-code.js';
import { startFakeAnthropic, type RecordedRequest } from '../fake-anthropic/index.js';
import { compactionReply, isCompaction, longSessionScript, type NeedleOutcome } from './script.js';
import { MAIN, TSX, type World } from './world.js';

/** How Claude Code runs: straight to the fake, or through `gardener proxy`. */
export interface Mode {
  name: string;
  /** The fake's context window, and Claude Code's auto-compact window. */
  window: number;
  /** Through `gardener proxy`: its flags (none: its defaults). */
  proxy?: string[];
}

/** What one run cost and kept. */
export interface RunFigures {
  mode: string;
  exitCode: number | null;
  calls: number;
  compactions: number;
  /** The proxy's compaction events (0 when direct). */
  events: number;
  /** The proxy's regret guard stopped profit events. */
  guardStopped: boolean;
  /** Largest input of one call, in tokens. */
  peak: number;
  uncached: number;
  written: number;
  read: number;
  /** uncached + write × written + read × read tokens, at the request model's ratios under the core's cache model. */
  cost: number;
  needles: Map<string, NeedleOutcome>;
  /** Each answered request's usage under the cache model, in order. */
  rows: CacheUsage[];
  violations: string[];
  answer: string;
}

/** Wall time of each answered request, for the cache's TTL. */
type Timed = RecordedRequest & { at: number };

/**
 * Prices every answered Messages request under the core's cache model, in the order sent, at the
 * prices of the request's model (a cache per model, as the API keeps them).
 */
export function priceRequests(requests: readonly Timed[]) {
  const caches = new Map<string, ReturnType<typeof createPromptCache>>();
  const cacheOf = (model: CacheModel) => {
    let cache = caches.get(model.id);
    if (!cache) caches.set(model.id, (cache = createPromptCache({ model })));
    return cache;
  };
  const tokenizer = defaultTokenizer();
  const totals = { uncached: 0, written: 0, read: 0, cost: 0, peak: 0, rows: [] as CacheUsage[] };
  for (const request of requests) {
    if (!request.path.startsWith('/v1/messages') || request.path.includes('count_tokens')) continue;
    if (request.status !== 200) continue;
    const named = (request.body as Record<string, unknown>)['model'];
    const model = cacheModel(typeof named === 'string' ? named : undefined);
    const usage = cacheOf(model).request(requestUnits(request.body, tokenizer), request.at);
    totals.rows.push(usage);
    totals.uncached += usage.uncached;
    totals.written += usage.written5m + usage.written1h;
    totals.read += usage.read;
    totals.cost += usageCost(usage, model);
    totals.peak = Math.max(totals.peak, usage.uncached + usage.read + usage.written5m + usage.written1h);
  }
  return totals;
}

function startProxy(upstream: string, home: string, cwd: string, flags: string[]) {
  const child = spawn(
    TSX,
    [MAIN, 'proxy', '--port', '0', '--upstream', upstream, '--log', 'json', ...flags],
    {
      cwd,
      env: { ...process.env, GARDENER_HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (part: Buffer) => (stdout += part.toString()));
  const url = new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (part: Buffer) => {
      stderr += part.toString();
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match) resolve(match[1] as string);
    });
    child.on('exit', (code) => reject(new Error(`proxy exited ${code}: ${stderr}`)));
  });
  return { child, url, log: () => stdout };
}

/** The proxy's JSON log: events, and whether the regret guard stopped profit events in any session. */
function proxyFigures(log: string): { events: number; guardStopped: boolean } {
  const lines = log
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { event?: unknown; cost_guard?: { stopped?: boolean } });
  return {
    events: lines.filter((line) => line.event !== undefined).length,
    guardStopped: lines.some((line) => line.cost_guard?.stopped === true),
  };
}

/** Runs the world's session once in `mode` (a fresh HOME and store) and prices it. */
export async function runLongSession(world: World, mode: Mode, prompt: string): Promise<RunFigures> {
  const home = join(world.dir, `home-${mode.name}`);
  mkdirSync(home, { recursive: true });
  const outcomes = new Map<string, NeedleOutcome>();
  const timed: Timed[] = [];
  const fake = await startFakeAnthropic({
    script: longSessionScript(world, outcomes),
    standing: [compactionReply],
    contextWindow: mode.window,
    onRequest: (request) => timed.push({ ...request, at: Date.now() }),
  });
  let proxy: ReturnType<typeof startProxy> | undefined;
  let claude: ChildProcess | undefined;
  try {
    proxy = mode.proxy ? startProxy(fake.url, home, world.work, mode.proxy) : undefined;
    const base = proxy ? await proxy.url : fake.url;
    claude = spawn(
      CLAUDE_BIN,
      ['-p', prompt, '--output-format', 'stream-json', '--verbose', '--dangerously-skip-permissions'],
      {
        cwd: world.work,
        env: {
          PATH: `${world.bin}:${process.env['PATH']}`,
          HOME: home,
          GARDENER_HOME: home,
          ANTHROPIC_BASE_URL: base,
          CLAUDE_CODE_AUTO_COMPACT_WINDOW: String(mode.window),
          ...HEADLESS_CLAUDE_ENV,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    claude.stdout?.on('data', (part: Buffer) => (out += part.toString()));
    const exitCode = await new Promise<number | null>((done) => claude!.on('close', done));
    const result = out
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { type?: string; result?: string })
      .find((event) => event.type === 'result');
    const priced = priceRequests(timed);
    return {
      mode: mode.name,
      exitCode,
      calls: timed.filter((r) => r.status === 200 && !r.path.includes('count_tokens')).length,
      compactions: timed.filter((r) => r.status === 200 && isCompaction(r)).length,
      ...(proxy ? proxyFigures(proxy.log()) : { events: 0, guardStopped: false }),
      ...priced,
      needles: outcomes,
      violations: fake.violations.map((v) => v.message),
      answer: result?.result ?? '',
    };
  } finally {
    claude?.kill('SIGTERM');
    if (proxy && proxy.child.exitCode === null) {
      const exited = new Promise((done) => proxy!.child.once('exit', done));
      proxy.child.kill('SIGTERM');
      await exited;
    }
    await fake.close();
  }
}
