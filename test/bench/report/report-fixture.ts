import { runBench, type BenchReport, type SourceItem } from '../../../src/doors/bench/run.js';
import { toBenchSession } from '../../../src/doors/bench/session.js';
import type { StrategyName } from '../../../src/doors/bench/types.js';
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
