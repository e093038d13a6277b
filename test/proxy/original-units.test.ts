import { describe, expect, it } from 'vitest';
import { requestUnits } from '../../src/core/cache/index.js';
import { defaultTokenizer } from '../../src/core/tokens/index.js';
import type { MessageParam, MessagesRequest } from '../../src/core/transcript/index.js';
import { createOriginalUnits } from '../../src/doors/proxy/original-units.js';

const tokenizer = defaultTokenizer();
const tools = [{ name: 'Bash', description: 'Runs a command', input_schema: { type: 'object' } }];

describe('the cache units of a request as the client sent it', () => {
  it('are requestUnits’ own, call after call, as messages are reused, added, and the system changes', () => {
    const units = createOriginalUnits(tokenizer);
    const messages: MessageParam[] = [{ role: 'user', content: 'run the tests' }];
    const requests: MessagesRequest[] = [];
    for (let n = 0; n < 4; n++) {
      messages.push(
        { role: 'assistant', content: [{ type: 'tool_use', id: `t${n}`, name: 'Bash', input: { n } }] },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: `t${n}`,
              content: `output ${n}`,
              cache_control: { type: 'ephemeral' },
            },
          ],
        },
      );
      const system = n < 2 ? 'You are a coding agent.' : [{ type: 'text', text: `Day ${n}` }];
      requests.push({
        model: 'm',
        max_tokens: 10,
        tools,
        system,
        messages: [...messages],
      } as MessagesRequest);
    }
    for (const request of requests) expect(units(request)).toEqual(requestUnits(request, tokenizer));
  });
});
