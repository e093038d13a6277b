import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderJson } from '../../../src/doors/bench/report/json.js';
import { renderTables } from '../../../src/doors/bench/report/table.js';
import { runBench, type BenchOptions, type BenchReport } from '../../../src/doors/bench/run.js';
import { toBenchSession } from '../../../src/doors/bench/session.js';
import type { Transcript } from '../../../src/core/transcript/types.js';

const fixture = path.resolve(import.meta.dirname, '../../fixtures/bench/twelve-calls.json');

/** The 12-call fixture (text and a tool call per reply, no thinking) under raw, mask, clear and gardener. */
async function report(options: Partial<BenchOptions> = {}): Promise<BenchReport> {
  const body = JSON.parse(readFileSync(fixture, 'utf8')) as Pick<Transcript, 'system' | 'messages'>;
  const transcript: Transcript = { id: 'twelve', format: 'anthropic', ...body };
  const run = runBench([{ type: 'session', session: toBenchSession(transcript, 'twelve', 'alpha') }], {
    strategies: ['raw', 'mask', 'clear', 'gardener'],
    // clear fires past half the window; gardener compacts under its budget (raw peaks at 1,306).
    window: 1_000,
    budget: 700,
    maskKeep: 3,
    cache: { minTokens: 0 },
    ...options,
  });
  let step = await run.next();
  while (!step.done) step = await run.next();
  return step.value;
}

const figure = (r: BenchReport, name: string) => r.totals.find((f) => f.strategy === name);

describe('gardener bench: the prefix check on a model that binds thinking', () => {
  it('counts the requests that would fail: mask fails once it clears a result, raw, clear and gardener never', async () => {
    const r = await report({ model: 'claude-opus-5-5', synthThinking: 20 });
    expect(r).toMatchObject({
      model: 'claude-opus-5-5',
      prefixCheck: true,
      thinkingCounted: true,
      synthThinking: 20,
    });
    // mask keeps 3 results: from call 4 on, each call clears one more, which a thinking block follows.
    expect(r.totals.map((f) => [f.strategy, f.prefixFailures])).toEqual([
      ['raw', 0],
      ['mask', 8],
      ['clear', 0],
      ['gardener', 0],
    ]);
    // gardener did change the context (events), and still sent nothing the check fails.
    expect(figure(r, 'gardener')?.events).toBeGreaterThan(0);
    expect(figure(r, 'clear')?.events).toBeGreaterThan(0);
    expect(r.sessions[0]?.prefixFailures).toEqual([
      {
        strategy: 'mask',
        calls: [4, 5, 6, 7, 8, 9, 10, 11],
        // The thinking of the reply to call 1 is bound to the first tool result, cleared at call 4.
        first: { call: 4, path: 'messages.3.content.0', reason: 'prefix', changedAt: 'messages.2.content.0' },
      },
    ]);
    expect(r.folds[0]?.totals.map((f) => f.prefixFailures)).toEqual([0, 8, 0, 0]);
  });

  it("finds gardener's failures when the engine ignores the check (--prefix-check off), and names the change", async () => {
    const r = await report({ model: 'claude-opus-5-5', synthThinking: 20, prefixCheck: 'off' });
    expect(r.gardenerPrefixCheck).toBe('off');
    const gardener = r.sessions[0]?.prefixFailures.find((f) => f.strategy === 'gardener');
    expect(gardener?.calls.length).toBeGreaterThan(0);
    expect(gardener?.first).toMatchObject({
      reason: 'prefix',
      changedAt: expect.stringMatching(/^messages\.\d+\.content\.\d+$/),
    });
    expect(renderTables(r, { sessions: false })).toContain(
      `  twelve: ${gardener?.calls.length} calls; call ${gardener?.first.call}: `,
    );
  });

  it("counts earlier turns' thinking as context: each call bills the thinking of every reply before it", async () => {
    const plain = await report();
    const thinking = await report({ model: 'claude-opus-5-5', synthThinking: 20 });
    // Calls 0..11 hold 0..11 earlier replies, 20 tokens of thinking each: 66 × 20.
    expect((figure(thinking, 'raw')?.billed ?? 0) - (figure(plain, 'raw')?.billed ?? 0)).toBe(66 * 20);
  });

  it('runs no check without --model, nor on a model that does not bind thinking', async () => {
    const plain = await report();
    expect(plain).toMatchObject({
      model: null,
      prefixCheck: false,
      thinkingCounted: false,
      synthThinking: null,
    });
    expect(plain.totals.every((f) => f.prefixFailures === null)).toBe(true);
    expect(renderTables(plain)).not.toContain('prefix failures');
    const older = await report({ model: 'claude-opus-4-8' });
    expect(older).toMatchObject({ prefixCheck: false, thinkingCounted: true });
    expect(older.totals.every((f) => f.prefixFailures === null)).toBe(true);
  });

  it('shows a prefix failures column in the terminal tables and the JSON', async () => {
    const r = await report({ model: 'claude-opus-5-5', synthThinking: 20 });
    const tables = renderTables(r, { sessions: false });
    expect(tables).toMatch(/^strategy +calls +billed +peak +over +prefix failures +cost /m);
    expect(tables).toMatch(/^mask( +[\d,.×]+){4} +8 /m);
    expect(tables).toContain('model claude-opus-5-5');
    expect(tables).toMatch(/^ {2}mask: 8 requests would fail in 1 session of 1; 0 thinking blocks left out/m);
    expect(tables).toMatch(
      /^ {2}gardener: 0 requests would fail in 0 sessions of 1; \d+ thinking blocks? left out at the last calls, 0 caught by the engine's check before sending$/m,
    );
    const json = JSON.parse(renderJson(r)) as Record<string, unknown> & {
      totals: Array<Record<string, unknown>>;
      sessions: Array<Record<string, unknown>>;
    };
    expect(json).toMatchObject({
      version: 1,
      model: 'claude-opus-5-5',
      thinkingCounted: true,
      prefixCheck: true,
      synthThinking: 20,
    });
    expect(json.totals.map((f) => f['prefixFailures'])).toEqual([0, 8, 0, 0]);
    expect(json.sessions[0]?.['prefixFailures']).toEqual([
      expect.objectContaining({ strategy: 'mask', calls: [4, 5, 6, 7, 8, 9, 10, 11] }),
    ]);
  });
});
