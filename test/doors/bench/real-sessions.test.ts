import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSessions } from '../../../src/doors/bench/load.js';
import { runBench, type BenchReport } from '../../../src/doors/bench/run.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const sessions = path.resolve(repoRoot, '../shared/sessions');
const present = existsSync(sessions);
if (!present) console.warn(`skipping real-session bench tests: ${sessions} is absent`);

async function bench(folder: string, limit: number): Promise<BenchReport> {
  const run = runBench(loadSessions([path.join(sessions, folder)], { cwd: repoRoot, limit }), {
    strategies: ['raw', 'mask', 'clear', 'summary'],
    window: 32_000,
    maskKeep: 10,
  });
  let step = await run.next();
  while (!step.done) step = await run.next();
  return step.value;
}

describe.skipIf(!present)('peer strategies on recorded sessions', () => {
  it.each(['claude-code-log', 'mini-swe-agent-gemini3', 'swe-agent'])(
    'replays %s: raw keeps every needle and never compacts',
    async (folder) => {
      const report = await bench(folder, 3);
      expect(report.sessions.length).toBeGreaterThan(0);
      for (const session of report.sessions) {
        const raw = session.strategies.find((f) => f.strategy === 'raw');
        expect(raw?.events).toBe(0);
        if (session.needles > 0) expect(raw?.fidelityContext).toBe(1);
        for (const f of session.strategies) expect(f.calls).toBe(session.calls);
      }
    },
  );

  it('finds needles in mini-swe-agent observations and masks them', async () => {
    const report = await bench('mini-swe-agent-gemini3', 2);
    const mask = report.totals.find((f) => f.strategy === 'mask');
    expect(mask?.needles).toBeGreaterThan(0);
    expect(mask?.events).toBeGreaterThan(0);
  });
});
