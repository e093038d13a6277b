import { afterEach, describe, expect, it } from 'vitest';
import {
  requestText,
  startFakeAnthropic,
  toolReply,
  type FakeAnthropic,
  type ScriptStep,
} from '../support/fake-anthropic/index.js';
import { runGardener } from '../support/cli.js';
import { writeChatProject } from '../support/chat-project.js';
import { SETTLEMENT_REF } from '../support/service-log.js';
import { LATE_FEE_BASIS_POINTS } from '../support/source-files.js';
import { sandbox } from '../doors/chat/agent/support.js';

/**
 * `gardener chat` with its default model (claude-sonnet-5-5: preserved thinking, a thinking block on
 * every reply) against the fake with the API's prefix check enforced, as for an account created
 * after 2026-08-31: a long session at the default budget, `--continue` and `/compact` — no request
 * may fail the check, and the facts still come back.
 */
let fake: FakeAnthropic | undefined;
let box: ReturnType<typeof sandbox> | undefined;
afterEach(async () => {
  await fake?.close();
  box?.cleanup();
  fake = undefined;
  box = undefined;
});

/** Test runs that fill the context past the default budget's high-water mark after the log is read. */
const FILLER = 16;

function writeProject(cwd: string): void {
  writeChatProject(cwd, {
    count: FILLER,
    lines: 700,
    line: (i, n) => `case ${i}.${n} passed in ${n % 17} ms on shard ${n % 5}`,
  });
}

const env = (url: string) => ({ ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: 'test' });
const chat = (box: { dbPath: string; cwd: string }, url: string, args: string[]) =>
  runGardener(['chat', '--db', box.dbPath, '--project', 'test', '--yes', ...args], {
    env: env(url),
    cwd: box.cwd,
  });

describe('gardener chat with preserved thinking, the prefix check on', () => {
  it('runs a 20-step session at the default budget, then --continue and /compact, with no request refused', async () => {
    const script: ScriptStep[] = [
      toolReply('bash', { command: 'cat logs/service.log' }),
      toolReply('read', { path: 'src/pricing.js' }),
      ...Array.from({ length: FILLER }, (_, i) => toolReply('bash', { command: `cat run_${i}.log` })),
      toolReply('recall', { query: 'settlement ref payments error' }),
      toolReply('recall', { query: 'late fee basis points pricing' }),
      {
        reply: (request) =>
          requestText(request).includes(SETTLEMENT_REF) &&
          requestText(request).includes(LATE_FEE_BASIS_POINTS)
            ? `The settlement ref is ${SETTLEMENT_REF}; the late fee is ${LATE_FEE_BASIS_POINTS} basis points.`
            : 'lost',
      },
      // --continue: one more question on the same session, then /compact and a last one.
      toolReply('bash', { command: 'cat run_0.log' }),
      { reply: 'Run 0 passed.' },
      { reply: 'Still here after the compaction.' },
    ];
    fake = await startFakeAnthropic({ script, thinkingReplies: 200 });
    box = sandbox();
    writeProject(box.cwd);
    const first = await chat(box, fake.url, ['-p', 'What failed in payments?']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(SETTLEMENT_REF);
    expect(first.stdout).toContain(String(LATE_FEE_BASIS_POINTS));
    const asked = fake.requests.filter((r) => r.path.startsWith('/v1/messages')).length;
    expect(asked).toBe(FILLER + 5);
    // The check had something to check: the requests sent thinking back, and events changed blocks.
    expect(fake.requests.some((r) => JSON.stringify(r.body).includes('"type":"thinking"'))).toBe(true);
    const again = await chat(box, fake.url, ['-p', 'Did run 0 pass?', '--continue']);
    expect(again.code).toBe(0);
    const compacted = await chat(box, fake.url, ['-p', '/compact', '--continue']);
    expect(compacted.code).toBe(0);
    const after = await chat(box, fake.url, ['-p', 'Are you still there?', '--continue']);
    expect(after.code).toBe(0);
    expect(after.stdout).toContain('Still here after the compaction.');
    expect(fake.violations).toEqual([]);
    expect(fake.requests.filter((r) => r.status !== 200)).toEqual([]);
    expect(fake.remaining()).toBe(0);
  }, 120_000);

  it('told the account is old while the API checks, it recovers from a refusal: earlier thinking left out, sent again', async () => {
    const script: ScriptStep[] = [
      toolReply('bash', { command: 'cat logs/service.log' }),
      ...Array.from({ length: FILLER }, (_, i) => toolReply('bash', { command: `cat run_${i}.log` })),
      toolReply('recall', { query: 'settlement ref payments error' }),
      {
        reply: (request) =>
          requestText(request).includes(SETTLEMENT_REF) ? `The settlement ref is ${SETTLEMENT_REF}.` : 'lost',
      },
    ];
    fake = await startFakeAnthropic({ script, thinkingReplies: 200 });
    box = sandbox();
    writeProject(box.cwd);
    const run = await chat(box, fake.url, ['-p', 'What failed in payments?', '--prefix-check', 'off']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(SETTLEMENT_REF);
    // Its own pricing ignored the check: the API refused once, and the chat left earlier thinking out.
    const refused = fake.requests.filter((r) => r.status === 400);
    expect(refused.length).toBeGreaterThan(0);
    expect(run.stderr).toContain('refused a thinking block');
    const resent = fake.requests[fake.requests.indexOf(refused[0]!) + 1];
    expect(resent?.status).toBe(200);
    expect(JSON.stringify(resent?.body)).not.toContain('"type":"thinking"');
  }, 120_000);
});
