import { describe, expect, it } from 'vitest';
import { bashReport, runBash } from '../../../../../src/doors/chat/agent/tools/bash.js';

describe('bash', () => {
  it('returns stdout and stderr whole, with a non-zero exit code', async () => {
    const result = await runBash(
      'seq 1 5000; echo oops >&2; exit 3',
      process.cwd(),
      10_000,
      new AbortController().signal,
    );
    expect(result.code).toBe(3);
    expect(result.output.split('\n').filter((l) => /^\d+$/.test(l))).toHaveLength(5000);
    expect(bashReport(result, 10_000)).toMatch(/oops\n\[exit code 3\]$/);
  });

  it('stops the whole process group on timeout', async () => {
    const started = Date.now();
    const result = await runBash(
      'sleep 30 & sleep 30; echo never',
      process.cwd(),
      200,
      new AbortController().signal,
    );
    expect(result.stopped).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(bashReport(result, 200)).toContain('timeout');
  });

  it('stops on interrupt', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await runBash('echo started; sleep 30', process.cwd(), 60_000, controller.signal);
    expect(result.stopped).toBe('interrupted');
    expect(bashReport(result, 60_000)).toBe('started\n[interrupted by the user]');
  });
});
