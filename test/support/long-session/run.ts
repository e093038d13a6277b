import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { cacheModel, type CacheModel } from '../../../src/core/cache/models.js';
import { CLAUDE_BIN, HEADLESS_CLAUDE_ENV } from '../claude-code.js';
import { startFakeAnthropic, type RecordedRequest, type Usage } from '../fake-anthropic/index.js';
import {
  compactionReply,
  isCompaction,
  longSessionScript,
  THINKING_TOKENS,
  type NeedleOutcome,
} from './script.js';
import { MAIN, ROOT, TSX, type World } from './world.js';

/** How Claude Code runs: straight to the fake, or through `gardener proxy`. */
export interface Mode {
  name: string;
  /** The fake's context window, and Claude Code's auto-compact window. */
  window: number;
  /** Through `gardener proxy`: its flags (none: its defaults). */
  proxy?: string[];
  /** Straight to the API with gardener's Claude Code plugin installed (hooks and MCP server). */
  plugin?: boolean;
}

/** Who runs the session, and against what account. */
export interface RunOptions {
  /** The Claude Code binary (default: CLAUDE_BIN, 2.1.197). */
  claude?: string;
  /** The fake's account for the prefix check on thinking blocks (default `new`: enforced). */
  account?: 'new' | 'old';
}

/** What one run cost and kept. */
export interface RunFigures {
  mode: string;
  exitCode: number | null;
  /** The model Claude Code asked for. */
  model: string;
  calls: number;
  compactions: number;
  /** The proxy's compaction events (0 when direct). */
  events: number;
  /** The proxy's regret guard stopped profit events. */
  guardStopped: boolean;
  /** Messages requests the fake refused, by `status error_type`. */
  failed: Map<string, number>;
  /** Of those, the prefix check's 400s ("bound to a different conversation"). */
  bindingErrors: number;
  /** Requests Claude Code sent again after a failure (the same last message). */
  retries: number;
  /** Thinking blocks the fake dropped (`input_transformations`, drop_block). */
  dropped: number;
  /** Largest input of one call, in tokens. */
  peak: number;
  uncached: number;
  written: number;
  read: number;
  /** uncached + write × written + read × read tokens as the fake billed them, at the request model's prices. */
  cost: number;
  needles: Map<string, NeedleOutcome>;
  /** Needles the answering call still had in its context (each asked back one at a time before). */
  inFinal: number;
  violations: string[];
  answer: string;
  /** The proxy's JSON log, one line a request (through the proxy). */
  proxyLog?: string;
}

const isMessages = (request: RecordedRequest) =>
  request.path.startsWith('/v1/messages') && !request.path.includes('count_tokens');

/** Cost units of one answered request at its model's prices (src/core/cache/models.ts), or at a given read price. */
export function usageCost(usage: Usage, model: CacheModel, readPrice = model.read): number {
  const long = usage.cache_creation?.ephemeral_1h_input_tokens ?? 0;
  const short = usage.cache_creation_input_tokens - long;
  return (
    usage.input_tokens +
    model.write5m * short +
    model.write1h * long +
    readPrice * usage.cache_read_input_tokens
  );
}

/** Sums what the fake billed the answered Messages requests, and counts the ones it refused. */
export function tallyRequests(requests: readonly RecordedRequest[], readPrice?: number) {
  const totals = {
    uncached: 0,
    written: 0,
    read: 0,
    cost: 0,
    peak: 0,
    failed: new Map<string, number>(),
    bindingErrors: 0,
    retries: 0,
    dropped: 0,
  };
  let failedTail: string | undefined;
  for (const request of requests) {
    if (!isMessages(request)) continue;
    const tail = JSON.stringify(request.body?.messages?.at(-1) ?? null);
    if (failedTail !== undefined && tail === failedTail) totals.retries++;
    failedTail = undefined;
    totals.dropped += (request.transformations ?? []).filter((t) => t.type === 'thinking_dropped').length;
    if (request.status !== 200) {
      const key = `${request.status} ${request.error?.type ?? 'no_answer'}`;
      totals.failed.set(key, (totals.failed.get(key) ?? 0) + 1);
      if (request.error?.message.includes('bound to a different conversation')) totals.bindingErrors++;
      failedTail = tail;
      continue;
    }
    const usage = request.usage;
    if (!usage) continue;
    totals.uncached += usage.input_tokens;
    totals.written += usage.cache_creation_input_tokens;
    totals.read += usage.cache_read_input_tokens;
    const named: unknown = request.body?.model;
    totals.cost += usageCost(usage, cacheModel(typeof named === 'string' ? named : undefined), readPrice);
    totals.peak = Math.max(
      totals.peak,
      usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens,
    );
  }
  return totals;
}

/** `gardener proxy` in its own process on a fresh port, logging JSON; `url` resolves once it listens. */
export function startProxy(upstream: string, home: string, cwd: string, flags: string[]) {
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

/** Installs gardener's plugin from this repository's marketplace into a Claude Code HOME. */
function installPlugin(bin: string, env: Record<string, string>): void {
  for (const args of [
    ['plugin', 'marketplace', 'add', ROOT],
    ['plugin', 'install', 'gardener@gardener'],
  ]) {
    const run = spawnSync(bin, args, { env: { ...env, ...HEADLESS_CLAUDE_ENV }, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`claude ${args.join(' ')} failed: ${run.stdout}${run.stderr}`);
  }
}

/** Runs the world's session once in `mode` (a fresh HOME and store) and prices it. */
export async function runLongSession(
  world: World,
  mode: Mode,
  prompt: string,
  options: RunOptions = {},
): Promise<RunFigures> {
  const home = join(world.dir, `home-${mode.name}`);
  mkdirSync(home, { recursive: true });
  const outcomes = new Map<string, NeedleOutcome>();
  const final = new Set<string>();
  const fake = await startFakeAnthropic({
    script: longSessionScript(world, outcomes, final),
    standing: [compactionReply],
    contextWindow: mode.window,
    account: options.account ?? 'new',
    thinkingReplies: THINKING_TOKENS,
  });
  let proxy: ReturnType<typeof startProxy> | undefined;
  let claude: ChildProcess | undefined;
  const bin = options.claude ?? CLAUDE_BIN;
  // The plugin's hooks and MCP server run the built CLI (bin/gardener-hook, bin/gardener).
  const path = mode.plugin ? `${join(ROOT, 'bin')}:${world.bin}` : world.bin;
  try {
    if (mode.plugin) installPlugin(bin, { PATH: `${path}:${process.env['PATH']}`, HOME: home });
    proxy = mode.proxy ? startProxy(fake.url, home, world.work, mode.proxy) : undefined;
    const base = proxy ? await proxy.url : fake.url;
    claude = spawn(
      bin,
      ['-p', prompt, '--output-format', 'stream-json', '--verbose', '--dangerously-skip-permissions'],
      {
        cwd: world.work,
        env: {
          PATH: `${path}:${process.env['PATH']}`,
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
    const messages = fake.requests.filter(isMessages);
    return {
      mode: mode.name,
      exitCode,
      model: String(messages.find((r) => Array.isArray(r.body?.tools))?.body?.model ?? ''),
      calls: messages.filter((r) => r.status === 200).length,
      compactions: messages.filter((r) => r.status === 200 && isCompaction(r)).length,
      ...(proxy ? proxyFigures(proxy.log()) : { events: 0, guardStopped: false }),
      ...(proxy ? { proxyLog: proxy.log() } : {}),
      ...tallyRequests(fake.requests),
      needles: outcomes,
      inFinal: final.size,
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
