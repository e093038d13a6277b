import { afterAll, describe, expect, it } from 'vitest';
import { compress } from '../../../src/core/compress/index.js';
import type { CompressContext } from '../../../src/core/compress/types.js';
import type { ContentClass } from '../../../src/core/classify/types.js';
import { openGarden } from '../../../src/core/garden/index.js';
import type { Transcript } from '../../../src/core/transcript/types.js';
import { buildLog, tempStore } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

/** A long assistant explanation: prose the agent wrote itself. */
const explanation = Array.from(
  { length: 12 },
  (_, i) =>
    `Step ${i + 1} of the plan changes how the loader in src/config/load_${i}.ts reads the profile, and it keeps the old behaviour behind a flag for the callers that still rely on it.`,
).join('\n\n');

describe('what the engine tells a compressor', () => {
  it("marks the agent's own text as reasoning and tool output as not", () => {
    const seen: { cls: ContentClass; text: string; context: CompressContext }[] = [];
    const garden = openGarden({
      store,
      session: { project: 'test', session: 'compress-context' },
      budget: 200_000,
      config: { now: () => 1_000_000 },
      compress: (cls, text, context) => {
        seen.push({ cls, text, context });
        return compress(cls, text, context);
      },
    });
    const transcript: Transcript = {
      id: 't',
      format: 'anthropic',
      messages: [
        { role: 'user', content: 'Please fix the config loader.' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: explanation },
            { type: 'tool_use', id: 'call_1', name: 'Bash', input: { command: 'npm run build' } },
          ],
        },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'call_1', content: buildLog('loader') }],
        },
      ],
    };
    garden.sync(transcript);
    garden.settle();
    const reasoning = seen.find((call) => call.text === explanation);
    const log = seen.find((call) => call.text.includes('build failed'));
    expect(reasoning?.context.reasoning).toBe(true);
    expect(log).toBeDefined();
    expect(log?.context.reasoning).toBeUndefined();
  });
});
