import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseTexts } from '../../fuzz/secrets-support.js';
import { SECRET_SHAPES, SECRET_VALUES } from '../../support/secret-shapes.js';
import { bigLog } from './agent-loop.js';
import { claudeMetadata, post, startHarness, until, type ProxyHarness } from './support.js';

let harness: ProxyHarness | undefined;
let proxyClosed = false;
afterEach(async () => {
  if (harness && proxyClosed) {
    await harness.fake.close();
    rmSync(harness.dir, { recursive: true, force: true });
  } else await harness?.close();
  harness = undefined;
  proxyClosed = false;
});

const shape = (name: string) => SECRET_SHAPES.find((s) => s.name === name)!;

describe('the proxy stores no secret shape in clear', () => {
  it('redacts the prompt, the command line and the tool output it stores', async () => {
    harness = await startHarness([{ reply: 'done' }]);
    const output = `${bigLog(1, 200, 'deploy')}\n${SECRET_SHAPES.map((s) => s.line).join('\n')}`;
    const response = await post(harness, '/v1/messages', {
      model: 'claude-sonnet-4-5',
      max_tokens: 10,
      metadata: claudeMetadata('cccccccc-0000-4000-8000-000000000003'),
      messages: [
        { role: 'user', content: `Deploy it. ${shape('password in a sentence').line}` },
        {
          role: 'assistant',
          content: [
            {
              type: 'tool_use',
              id: 't1',
              name: 'Bash',
              input: { command: `${shape('curl -u').line} && ${shape('mysql -p').line}` },
            },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: output }] },
        { role: 'assistant', content: 'It failed on credentials.' },
        { role: 'user', content: 'Try again.' },
      ],
    });
    expect(response.status).toBe(200);
    await until(() => harness!.records.length === 1);
    await harness.proxy.close(); // settles and saves every garden
    proxyClosed = true;
    const texts = databaseTexts(harness.storePath);
    expect(texts.some((text) => text.includes('[REDACTED:azure-key]'))).toBe(true);
    expect(SECRET_VALUES.filter((value) => texts.some((text) => text.includes(value)))).toEqual([]);
  });
});
