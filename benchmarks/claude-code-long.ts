/**
 * A long Claude Code session, the real Claude Code against the fake Messages API, run three ways
 * side by side: direct on a 1M window, direct compacting itself at a 200k window
 * (CLAUDE_CODE_AUTO_COMPACT_WINDOW=200000), and through `gardener proxy` (its defaults, or --budget).
 * Prints cost units (uncached + 1.25 × cache writes + 0.1 × cache reads, under the core's cache
 * model: src/core/cache/prompt-cache.ts), Claude Code's own compactions, the proxy's events, and how
 * each needle planted in an early output came back when the session's last calls asked for it.
 *
 *   npx tsx benchmarks/claude-code-long.ts [--turns 55] [--needles 4] [--budget N] [--modes direct-1m,direct-200k,proxy]
 *
 * --turns counts model calls of the main loop: tool calls, one per needle asked, and the answer.
 * Needs Claude Code (GARDENER_CLAUDE_BIN or /work/scratch/claude-code).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CLAUDE_BIN, claudePresent } from '../test/support/claude-code.js';
import { runLongSession, type Mode, type RunFigures } from '../test/support/long-session/run.js';
import { buildWorld } from '../test/support/long-session/world.js';

const { values } = parseArgs({
  options: {
    turns: { type: 'string', default: '55' },
    needles: { type: 'string', default: '4' },
    budget: { type: 'string' },
    modes: { type: 'string', default: 'direct-1m,direct-200k,proxy' },
  },
});
if (!claudePresent) {
  process.stderr.write(`no Claude Code at ${CLAUDE_BIN}; set GARDENER_CLAUDE_BIN\n`);
  process.exit(2);
}
const NEEDLES = Number(values.needles);
const TOOL_CALLS = Number(values.turns) - NEEDLES - 1;
const proxyFlags = values.budget ? ['--budget', values.budget] : [];
const MODES: Record<string, Mode> = {
  'direct-1m': { name: 'direct-1m', window: 1_000_000 },
  'direct-200k': { name: 'direct-200k', window: 200_000 },
  proxy: {
    name: `proxy${values.budget ? ` --budget ${values.budget}` : ''}`,
    window: 200_000,
    proxy: proxyFlags,
  },
};
const PROMPT = 'Inspect the modules, build logs and test reports one by one, then tell me the failure codes.';

const dir = mkdtempSync(join(tmpdir(), 'gardener-cc-long-'));
const world = buildWorld(dir, TOOL_CALLS, NEEDLES);
const results: RunFigures[] = [];
try {
  for (const name of values.modes.split(',')) {
    const mode = MODES[name];
    if (!mode) throw new Error(`unknown mode ${name} (direct-1m, direct-200k, proxy)`);
    const started = performance.now();
    const figures = await runLongSession(world, mode, PROMPT);
    process.stderr.write(`${mode.name}: ${Math.round((performance.now() - started) / 1000)} s\n`);
    if (figures.exitCode !== 0 || figures.violations.length > 0)
      process.stderr.write(`  exit ${figures.exitCode}; ${figures.violations.join('; ')}\n`);
    results.push(figures);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const k = (n: number) => `${(n / 1000).toFixed(0)}k`;
const needles = (figures: RunFigures) => {
  const counts = { context: 0, stub: 0, rerun: 0, lost: 0 };
  for (const how of figures.needles.values()) counts[how]++;
  const missing = NEEDLES - figures.needles.size;
  return `${counts.context} ctx · ${counts.stub} stub · ${counts.rerun} rerun · ${counts.lost + missing} lost`;
};
process.stdout.write(
  `${values.turns} turns (${TOOL_CALLS} tool calls, ${NEEDLES} needles)\n` +
    'mode                     calls  compactions  events  peak   uncached  written  read    cost    vs 1m  vs 200k  needles\n',
);
const base1m = results.find((r) => r.mode === 'direct-1m')?.cost;
const base200k = results.find((r) => r.mode === 'direct-200k')?.cost;
for (const r of results)
  process.stdout.write(
    `${r.mode.padEnd(24)} ${String(r.calls).padStart(5)}  ${String(r.compactions).padStart(11)}  ${String(r.events).padStart(6)}  ` +
      `${k(r.peak).padStart(5)}  ${k(r.uncached).padStart(8)}  ${k(r.written).padStart(7)}  ${k(r.read).padStart(6)}  ${k(r.cost).padStart(6)}  ` +
      `${base1m ? (r.cost / base1m).toFixed(2).padStart(5) : '    -'}  ${base200k ? (r.cost / base200k).toFixed(2).padStart(7) : '      -'}  ${needles(r)}${r.guardStopped ? ' · guard stopped profit events' : ''}\n`,
  );
