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

let fake: FakeAnthropic | undefined;
let box: ReturnType<typeof sandbox> | undefined;
afterEach(async () => {
  await fake?.close();
  box?.cleanup();
  fake = undefined;
  box = undefined;
});

/** Test runs that fill the context after the log and the source file were read. */
const FILLER = 8;

function writeProject(cwd: string): void {
  writeChatProject(cwd, {
    count: FILLER,
    lines: 600,
    line: (i, n) => `case ${i}.${n} passed in ${n % 17} ms`,
  });
}

/** The text of a recall tool's result in the request that follows it. */
function lastToolResult(request: { body: unknown }): string {
  const messages = (request.body as { messages: Array<{ content: unknown }> }).messages;
  const content = messages.at(-1)?.content;
  const block = Array.isArray(content)
    ? (content as Array<{ type: string; content?: unknown }>).at(-1)
    : undefined;
  return typeof block?.content === 'string' ? block.content : JSON.stringify(block?.content ?? '');
}

describe('gardener chat -p: the way back brings the fact', () => {
  it('recall with a descriptive question shows the ERROR line holding the ref, not a WARN look-alike', async () => {
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
    ];
    fake = await startFakeAnthropic({ script });
    box = sandbox();
    writeProject(box.cwd);
    const env = {
      ANTHROPIC_BASE_URL: fake.url,
      ANTHROPIC_API_KEY: 'test',
      ANTHROPIC_MODEL: 'claude-sonnet-4-6',
    };
    const run = await runGardener(
      [
        'chat',
        '--db',
        box.dbPath,
        '--project',
        'test',
        '-p',
        'What failed in payments?',
        '--yes',
        '--budget',
        '16000',
      ],
      { env, cwd: box.cwd },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(fake.violations).toEqual([]);
    const requests = fake.requests;
    // What the model read back from each recall.
    const settlement = lastToolResult(requests.at(-2)!);
    const lateFee = lastToolResult(requests.at(-1)!);
    expect(settlement).toContain(SETTLEMENT_REF);
    expect(settlement).toMatch(/\[lines \d+-\d+\]\n(?:.*\n)*?\s*\S+ ERROR \[payments\]/);
    expect(lateFee).toContain(`LATE_FEE_BASIS_POINTS = ${LATE_FEE_BASIS_POINTS}`);
    expect(run.stdout).toContain(SETTLEMENT_REF);
  });
});
