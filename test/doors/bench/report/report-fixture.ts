import { runBench, type BenchReport, type SourceItem } from '../../../../src/doors/bench/run.js';
import { toBenchSession } from '../../../../src/doors/bench/session.js';
import type { StrategyName } from '../../../../src/doors/bench/types.js';
import type { MessageParam, Transcript } from '../../../../src/core/transcript/types.js';
import { twelveCallTranscript, wordTokenizer } from '../support.js';

/** A small, fully deterministic report: the 12-call fixture twice (one cut to 5 calls) under peers. */
export async function fixtureReport(
  strategies: StrategyName[] = ['raw', 'mask', 'clear', 'summary'],
  window = 250,
): Promise<BenchReport> {
  const full = twelveCallTranscript();
  const short = { ...full, id: 'short', messages: full.messages.slice(0, 10) };
  const items: SourceItem[] = [
    { type: 'session', session: toBenchSession(full, 'fixtures/twelve.json') },
    { type: 'session', session: toBenchSession(short, 'fixtures/short.json') },
    { type: 'skip', source: 'fixtures/broken.jsonl', reason: 'invalid JSON at line 2' },
  ];
  // A word-sized fixture is under the API's minimum cacheable length: lowered to see the cache work.
  const run = runBench(items, {
    strategies,
    window,
    maskKeep: 3,
    tokenizer: wordTokenizer,
    cache: { minTokens: 0 },
  });
  let step = await run.next();
  while (!step.done) step = await run.next();
  return { ...step.value, elapsedMs: 1234 };
}

/**
 * A report of two folds: `alpha` holds the 12-call fixture; `beta` the same session with tool
 * results four times as long, and a 5-call session that is not aggregated.
 */
export async function foldedFixtureReport(
  strategies: StrategyName[] = ['raw', 'mask', 'gardener'],
  window = 250,
): Promise<BenchReport> {
  const full = twelveCallTranscript();
  const long: Transcript = {
    ...full,
    id: 'long',
    messages: full.messages.map((message) =>
      Array.isArray(message.content)
        ? ({
            ...message,
            content: message.content.map((block) =>
              block.type === 'tool_result' && typeof block.content === 'string'
                ? { ...block, content: Array(4).fill(block.content).join(' ') }
                : block,
            ),
          } as MessageParam)
        : message,
    ),
  };
  const short = { ...full, id: 'short', messages: full.messages.slice(0, 10) };
  const items: SourceItem[] = [
    { type: 'session', session: toBenchSession(full, 'alpha/twelve.json', 'alpha') },
    { type: 'session', session: toBenchSession(long, 'beta/long.json', 'beta') },
    { type: 'session', session: toBenchSession(short, 'beta/short.json', 'beta') },
  ];
  const run = runBench(items, {
    strategies,
    window,
    maskKeep: 3,
    tokenizer: wordTokenizer,
    cache: { minTokens: 0 },
  });
  let step = await run.next();
  while (!step.done) step = await run.next();
  return { ...step.value, elapsedMs: 1234 };
}
