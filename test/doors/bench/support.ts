import { splitCalls } from '../../../src/doors/bench/calls.js';
import { createMeter, type Meter } from '../../../src/doors/bench/measure.js';
import { toBenchSession } from '../../../src/doors/bench/session.js';
import type { BenchSession, StrategyOptions } from '../../../src/doors/bench/types.js';
import type { Tokenizer } from '../../../src/core/tokens/tokenizer.js';
import type { MessageParam, Transcript } from '../../../src/core/transcript/types.js';

/** One token per whitespace-separated word: makes hand computation easy. */
export const wordTokenizer: Tokenizer = {
  name: 'words',
  count: (text) => text.split(/\s+/).filter(Boolean).length,
};

/**
 * A 12-call session, sized in words (see the hand computations in the tests):
 * head "be brief" = 2; m0 user "fix the bug" = 7 (4 + 3); each assistant tool_use Bash {"c":"x"} = 6;
 * each tool_result of ten words = 14; 11 tool rounds, then a final assistant text.
 */
export function twelveCallTranscript(): Transcript {
  const messages: MessageParam[] = [{ role: 'user', content: [{ type: 'text', text: 'fix the bug' }] }];
  for (let k = 0; k < 11; k++) {
    messages.push({
      role: 'assistant',
      content: [{ type: 'tool_use', id: `toolu_${k}`, name: 'Bash', input: { c: 'x' } }],
    });
    messages.push({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: `toolu_${k}`, content: `r${k} w w w w w w w w w` }],
    });
  }
  messages.push({ role: 'assistant', content: [{ type: 'text', text: 'done' }] });
  return { id: 'twelve', format: 'anthropic', system: 'be brief', messages };
}

export function session(transcript: Transcript = twelveCallTranscript()): BenchSession {
  const s = toBenchSession(transcript, transcript.id);
  if (s.calls.length !== splitCalls(transcript).length) throw new Error('calls mismatch');
  return s;
}

export function wordMeter(): Meter {
  return createMeter(wordTokenizer);
}

export function options(overrides: Partial<StrategyOptions> = {}): StrategyOptions {
  return { window: 200_000, maskKeep: 10, meter: wordMeter(), ...overrides };
}
