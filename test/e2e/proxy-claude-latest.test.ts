import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLAUDE_LATEST_BIN, claudeLatestPresent } from '../support/claude-code.js';
import { runLongSession, type RunFigures, type RunOptions } from '../support/long-session/run.js';
import { buildWorld } from '../support/long-session/world.js';

/**
 * The latest Claude Code (claude-opus-5-5: every thinking block bound to its prefix) through
 * `gardener proxy`, against the fake with the prefix check enforced, as for an account created
 * after 2026-08-31: no request may fail (no 400, no retry), and gardening must still pay.
 */
const title = claudeLatestPresent
  ? 'the latest Claude Code through gardener proxy, the prefix check on'
  : `the latest Claude Code through gardener proxy (skipped: no claude at ${CLAUDE_LATEST_BIN}; set GARDENER_CLAUDE_LATEST_BIN)`;
if (!claudeLatestPresent) console.warn(`skipping ${title}`);

const PROMPT = 'Inspect the modules, build logs and test reports one by one, then tell me the failure codes.';
/** Cost at Opus 5.5's prices (reads 0.05× input). */
const OPTIONS: RunOptions = { claude: CLAUDE_LATEST_BIN, account: 'new' };

let dir: string | undefined;
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function answered(figures: RunFigures): number {
  return [...figures.needles.values()].filter((how) => how === 'context' || how === 'stub').length;
}

function expectNoFailure(run: RunFigures): void {
  expect(run.exitCode).toBe(0);
  expect(Object.fromEntries(run.failed)).toEqual({});
  expect(run.retries).toBe(0);
  expect(run.violations).toEqual([]);
}

describe.skipIf(!claudeLatestPresent)(title, () => {
  it('at its defaults a long session never fails a request, never compacts, and costs less than direct', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gardener-cc-latest-proxy-'));
    const world = buildWorld(dir, 45, 3);
    const direct = await runLongSession(world, { name: 'direct-1m', window: 1_000_000 }, PROMPT, OPTIONS);
    const proxied = await runLongSession(
      world,
      { name: 'proxy', window: 200_000, proxy: [] },
      PROMPT,
      OPTIONS,
    );
    console.info(
      `latest, check on: direct ${Math.round(direct.cost)}, proxy ${Math.round(proxied.cost)} · failed ${[...proxied.failed.values()].reduce((a, b) => a + b, 0)}`,
    );
    expectNoFailure(direct);
    expectNoFailure(proxied);
    expect(proxied.compactions).toBe(0);
    expect(proxied.events).toBeGreaterThanOrEqual(1);
    expect(answered(proxied)).toBe(3);
    expect(proxied.cost).toBeLessThan(direct.cost);
  }, 180_000);

  it('at --budget 32000 a 32-turn session never fails a request, and every needle comes back', async () => {
    const world = buildWorld(join(dir!, 'short'), 27, 4);
    const direct = await runLongSession(world, { name: 'direct-1m', window: 1_000_000 }, PROMPT, OPTIONS);
    const proxied = await runLongSession(
      world,
      { name: 'proxy-32k', window: 200_000, proxy: ['--budget', '32000'] },
      PROMPT,
      OPTIONS,
    );
    expectNoFailure(proxied);
    expect(proxied.peak).toBeLessThanOrEqual(32_000);
    expect(answered(proxied)).toBe(4);
    // Asked back one at a time, each fact is still in context when the model answers.
    expect(proxied.inFinal).toBe(4);
    expect(proxied.cost).toBeLessThan(direct.cost);
  }, 150_000);
});
