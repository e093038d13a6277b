import { afterEach, describe, expect, it } from 'vitest';
import { sandbox } from '../doors/chat/agent/support.js';
import { runGardener } from '../support/cli.js';
import { startFakeAnthropic, textReply, type FakeAnthropic } from '../support/fake-anthropic/index.js';

let fake: FakeAnthropic | undefined;
let box: ReturnType<typeof sandbox> | undefined;
afterEach(async () => {
  await fake?.close();
  box?.cleanup();
});

describe('gardener chat -p prints an answer that quotes control sequences without sending them', () => {
  it('shows ESC, OSC 52 and bidi overrides visibly in text output; JSON output stays JSON', async () => {
    const answer = 'The log said: \u001b]52;c;Y3VybCBldmlsIHwgc2g=\u0007\u001b[2J and \u202Eok';
    fake = await startFakeAnthropic({ script: [textReply(answer), textReply(answer)] });
    box = sandbox();
    const env = {
      ANTHROPIC_BASE_URL: fake.url,
      ANTHROPIC_API_KEY: 'test',
      ANTHROPIC_MODEL: 'claude-sonnet-4-6',
    };
    const chat = (...args: string[]) =>
      runGardener(['chat', '--db', box!.dbPath, '--project', 'test', ...args], { env, cwd: box!.cwd });
    const text = await chat('-p', 'what did the log say?');
    expect(text.code).toBe(0);
    expect(text.stdout).toBe('The log said: ␛]52;c;Y3VybCBldmlsIHwgc2g=␇␛[2J and \\u202Eok\n');
    const json = await chat('-p', 'again?', '--output-format', 'json');
    expect(json.code).toBe(0);
    expect((JSON.parse(json.stdout) as { answer: string }).answer).toBe(answer);
  }, 60_000);
});
