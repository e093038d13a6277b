import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLAUDE_BIN, claudePresent } from '../support/claude-code.js';
import { runLongSession, type RunFigures } from '../support/long-session/run.js';
import { buildWorld, type World } from '../support/long-session/world.js';

/**
 * A long session with the real Claude Code (benchmarks/claude-code-long.ts runs it in full and
 * prints the figures): past Claude Code's own auto-compact threshold at a 200k window, run direct
 * on a 1M window, direct compacting itself at 200k, and through `gardener proxy` at its defaults.
 */
const title = claudePresent
  ? 'a long Claude Code session, direct and through gardener proxy'
  : `a long Claude Code session (skipped: no claude at ${CLAUDE_BIN}; set GARDENER_CLAUDE_BIN)`;
if (!claudePresent) console.warn(`skipping ${title}`);

/** Tool calls: about 5k tokens each, so the session passes 200k. */
const TOOL_CALLS = 45;
const NEEDLES = 3;
const PROMPT = 'Inspect the modules, build logs and test reports one by one, then tell me the failure codes.';

let dir: string | undefined;
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function answered(figures: RunFigures): number {
  return [...figures.needles.values()].filter((how) => how === 'context' || how === 'stub').length;
}

describe.skipIf(!claudePresent)(title, () => {
  it('through the proxy Claude Code never compacts, every needle comes back, and it costs less than direct', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gardener-cc-long-'));
    const world: World = buildWorld(dir, TOOL_CALLS, NEEDLES);
    const direct1m = await runLongSession(world, { name: 'direct-1m', window: 1_000_000 }, PROMPT);
    const direct200k = await runLongSession(world, { name: 'direct-200k', window: 200_000 }, PROMPT);
    const proxied = await runLongSession(world, { name: 'proxy', window: 200_000, proxy: [] }, PROMPT);
    for (const run of [direct1m, direct200k, proxied])
      console.info(
        `${run.mode}: cost ${Math.round(run.cost)} · compactions ${run.compactions} · events ${run.events} · needles ${answered(run)}/${NEEDLES}`,
      );

    for (const run of [direct1m, direct200k, proxied]) {
      expect(run.exitCode).toBe(0);
      expect(run.violations).toEqual([]);
    }
    expect(direct1m.peak).toBeGreaterThan(200_000);
    expect(direct1m.compactions).toBe(0);
    expect(direct200k.compactions).toBeGreaterThanOrEqual(1);
    expect(proxied.compactions).toBe(0);
    expect(proxied.events).toBeGreaterThanOrEqual(1);
    expect(proxied.guardStopped).toBe(false);
    expect(answered(direct1m)).toBe(NEEDLES);
    expect(answered(proxied)).toBe(NEEDLES);
    expect(proxied.cost).toBeLessThan(direct1m.cost);
    expect(proxied.cost).toBeLessThan(direct200k.cost);
  }, 150_000);

  it('at --budget 32000 a 32-turn session costs less than direct, and every needle comes back', async () => {
    const world = buildWorld(join(dir!, 'short'), 27, 4);
    const direct = await runLongSession(world, { name: 'direct-1m', window: 1_000_000 }, PROMPT);
    const proxied = await runLongSession(
      world,
      { name: 'proxy-32k', window: 200_000, proxy: ['--budget', '32000'] },
      PROMPT,
    );
    console.info(
      `32 turns: direct ${Math.round(direct.cost)}, proxy --budget 32000 ${Math.round(proxied.cost)}`,
    );
    for (const run of [direct, proxied]) {
      expect(run.exitCode).toBe(0);
      expect(run.violations).toEqual([]);
    }
    expect(proxied.peak).toBeLessThanOrEqual(32_000);
    expect(answered(proxied)).toBe(4);
    expect(proxied.guardStopped).toBe(false);
    expect(proxied.cost).toBeLessThan(direct.cost);
  }, 120_000);
});
