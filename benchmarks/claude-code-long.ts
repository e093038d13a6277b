/**
 * A long Claude Code session, the real Claude Code against the fake Messages API, run several ways
 * side by side: direct on a 1M window, direct compacting itself at a 200k window
 * (CLAUDE_CODE_AUTO_COMPACT_WINDOW=200000), and through `gardener proxy` (its defaults, or --budget).
 * Every reply of the scripted model starts with a thinking block when the request thinks; on a model
 * with preserved thinking (claude-opus-5-5, Claude Code 2.1.332's default) the fake runs the API's
 * prefix check on them, enforced (`--check on`: an account created after 2026-08-31) or not
 * (`--check off`: an older account, failing blocks let through).
 *
 * Prints per mode: Claude Code's exit code, the requests the fake refused (by status and error type),
 * of them the binding 400s, the requests Claude Code sent again after a failure, the thinking blocks
 * dropped (input_transformations), Claude Code's own compactions, the proxy's events, cost units
 * (uncached + 1.25 × cache writes + READ × cache reads, as the fake billed under the core's cache
 * model: src/core/cache/prompt-cache.ts) and how each needle planted in an early output came back
 * when the session's last calls asked for it.
 *
 *   npx tsx benchmarks/claude-code-long.ts [--turns 55] [--needles 4] [--budget N]
 *     [--modes direct-1m,direct-200k,proxy,proxy-1m,plugin] [--claude PATH|latest|2.1.197] [--check on|off]
 *     [--prefix-check auto|off]   (the proxy's own option; off: an account that does not check)
 *
 * --turns counts model calls of the main loop: tool calls, one per needle asked, and the answer.
 * Cost is priced at the request model's prices (src/core/cache/models.ts: reads 0.05× on Opus 5.5).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cacheModel } from '../src/core/cache/models.js';
import { claudeBinFor } from '../test/support/claude-code.js';
import { runLongSession, type Mode, type RunFigures } from '../test/support/long-session/run.js';
import { buildWorld } from '../test/support/long-session/world.js';

const { values } = parseArgs({
  options: {
    turns: { type: 'string', default: '55' },
    needles: { type: 'string', default: '4' },
    budget: { type: 'string' },
    modes: { type: 'string', default: 'direct-1m,direct-200k,proxy' },
    claude: { type: 'string', default: '2.1.197' },
    check: { type: 'string', default: 'on' },
    'prefix-check': { type: 'string', default: 'auto' },
  },
});
const fail = (message: string): never => {
  process.stderr.write(`claude-code-long: ${message}\n`);
  process.exit(2);
};
const claude = claudeBinFor(values.claude);
if (!existsSync(claude))
  fail(`no Claude Code at ${claude}; set GARDENER_CLAUDE_BIN or GARDENER_CLAUDE_LATEST_BIN`);
if (values.check !== 'on' && values.check !== 'off') fail(`--check takes on or off (got ${values.check})`);
const NEEDLES = Number(values.needles);
const TOOL_CALLS = Number(values.turns) - NEEDLES - 1;
if (!(Number.isInteger(TOOL_CALLS) && TOOL_CALLS > 0))
  fail('--turns must leave room for the needles and the answer');
const prefixCheck = values['prefix-check'];
if (prefixCheck !== 'auto' && prefixCheck !== 'off')
  fail(`--prefix-check takes auto or off (got ${prefixCheck})`);
const proxyFlags = [
  ...(values.budget ? ['--budget', values.budget] : []),
  ...(prefixCheck === 'off' ? ['--prefix-check', 'off'] : []),
];
const proxySuffix = `${values.budget ? ` --budget ${values.budget}` : ''}${prefixCheck === 'off' ? ' --prefix-check off' : ''}`;
const MODES: Record<string, Mode> = {
  'direct-1m': { name: 'direct-1m', window: 1_000_000 },
  'direct-200k': { name: 'direct-200k', window: 200_000 },
  proxy: {
    name: `proxy${proxySuffix}`,
    window: 200_000,
    proxy: proxyFlags,
  },
  // Through the proxy, Claude Code on its own 1M window (it would compact near 835k, never reached).
  'proxy-1m': {
    name: `proxy-1m${proxySuffix}`,
    window: 1_000_000,
    proxy: proxyFlags,
  },
  plugin: { name: 'plugin', window: 1_000_000, plugin: true },
};
const PROMPT = 'Inspect the modules, build logs and test reports one by one, then tell me the failure codes.';
const options = { claude, account: values.check === 'on' ? ('new' as const) : ('old' as const) };

const dir = mkdtempSync(join(tmpdir(), 'gardener-cc-long-'));
const world = buildWorld(dir, TOOL_CALLS, NEEDLES);
const results: RunFigures[] = [];
try {
  for (const name of values.modes.split(',')) {
    const mode =
      MODES[name] ?? fail(`unknown mode ${name} (direct-1m, direct-200k, proxy, proxy-1m, plugin)`);
    const started = performance.now();
    const figures = await runLongSession(world, mode, PROMPT, options);
    process.stderr.write(`${mode.name}: ${Math.round((performance.now() - started) / 1000)} s\n`);
    if (figures.violations.length > 0) process.stderr.write(`  first refusal: ${figures.violations[0]}\n`);
    results.push(figures);
    // GARDENER_LONG_LOG=DIR keeps each proxy's JSON log (one line a request) for a closer look.
    const logDir = process.env['GARDENER_LONG_LOG'];
    if (logDir && figures.proxyLog)
      writeFileSync(join(logDir, `${mode.name.replace(/\W+/g, '-')}.jsonl`), figures.proxyLog);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const k = (n: number) => `${(n / 1000).toFixed(0)}k`;
const needles = (figures: RunFigures) => {
  const counts = { context: 0, stub: 0, rerun: 0, lost: 0 };
  for (const how of figures.needles.values()) counts[how]++;
  const missing = NEEDLES - figures.needles.size;
  return `${counts.context} ctx · ${counts.stub} stub · ${counts.rerun} rerun · ${counts.lost + missing} lost · ${figures.inFinal} at the answer`;
};
const failed = (figures: RunFigures) =>
  [...figures.failed.entries()].map(([key, n]) => `${n}× ${key}`).join(', ') || 'none';
const model = results[0]?.model ?? '?';
process.stdout.write(
  `${values.turns} turns (${TOOL_CALLS} tool calls, ${NEEDLES} needles) · Claude Code ${values.claude} (${model}) · ` +
    `check ${values.check} (account ${options.account}) · reads at ${cacheModel(model).read}× input (the model's price)\n` +
    'mode                     exit  calls  failed  binding  retries  dropped  compactions  events  peak   uncached  written  read    cost    vs 1m  needles\n',
);
const base1m = results.find((r) => r.mode === 'direct-1m')?.cost;
for (const r of results) {
  const refused = [...r.failed.values()].reduce((a, b) => a + b, 0);
  process.stdout.write(
    `${r.mode.padEnd(24)} ${String(r.exitCode).padStart(4)}  ${String(r.calls).padStart(5)}  ${String(refused).padStart(6)}  ` +
      `${String(r.bindingErrors).padStart(7)}  ${String(r.retries).padStart(7)}  ${String(r.dropped).padStart(7)}  ` +
      `${String(r.compactions).padStart(11)}  ${String(r.events).padStart(6)}  ` +
      `${k(r.peak).padStart(5)}  ${k(r.uncached).padStart(8)}  ${k(r.written).padStart(7)}  ${k(r.read).padStart(6)}  ${k(r.cost).padStart(6)}  ` +
      `${base1m ? (r.cost / base1m).toFixed(2).padStart(5) : '    -'}  ${needles(r)}${r.guardStopped ? ' · guard stopped profit events' : ''}\n`,
  );
  if (refused > 0) process.stdout.write(`  refused: ${failed(r)}\n`);
}
