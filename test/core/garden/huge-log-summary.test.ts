import { afterAll, describe, expect, it } from 'vitest';
import { HUGE_TEXT_CHARS } from '../../../src/core/garden/ingest/huge.js';
import { defaultTokenizer } from '../../../src/core/tokens/tokenizer.js';
import type { Block, Transcript } from '../../../src/core/transcript/types.js';
import { garden, tempStore } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

/** A Bash call whose output is a uniform log past HUGE_TEXT_CHARS, with `errors` error lines spread through it. */
function hugeLogSession(errors: number): { transcript: Transcript; lines: number } {
  const lines = Math.ceil((HUGE_TEXT_CHARS * 1.2) / 36);
  const every = errors > 0 ? Math.floor(lines / errors) : 0;
  const out: string[] = [];
  for (let i = 0; i < lines; i++)
    out.push(
      every > 0 && i % every === every >> 1
        ? `ERROR step ${i}: record ${i} failed: checksum mismatch`
        : `step ${i}: processed record ${i} ok`,
    );
  const transcript: Transcript = {
    id: 'huge-log',
    format: 'anthropic',
    messages: [
      { role: 'user', content: 'Run the batch.' },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: './batch.sh' } }],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: out.join('\n') }] },
      { role: 'assistant', content: 'The batch ran.' },
      { role: 'user', content: 'Did anything fail?' },
    ],
  };
  return { transcript, lines };
}

describe('a huge log as the chat gardens it', () => {
  it('goes out as one short summary: one header for the whole log, its shapes folded, its errors kept', () => {
    const { transcript, lines } = hugeLogSession(50);
    const engine = garden(store, 100_000, { inject: 'off' });
    engine.sync(transcript);
    engine.compactAll({ minTokens: 0, keepLastTurns: 0 });
    const result = (engine.render().messages[2]!.content as Block[])[0] as { content: string };
    const summary = result.content;
    expect(summary.split('\n').filter((line) => line.startsWith('[log: '))).toEqual([
      `[log: ${lines} lines, 50 errors, 0 warnings]`,
    ]);
    expect(summary).toMatch(/^step 0: processed record 0 ok \[×\d+\]$/m);
    expect(
      summary.match(/^\[line \d+\] ERROR step \d+: record \d+ failed: checksum mismatch$/gm),
    ).toHaveLength(30);
    expect(defaultTokenizer().count(summary)).toBeLessThan(1_000);
    engine.close();
  });
});
