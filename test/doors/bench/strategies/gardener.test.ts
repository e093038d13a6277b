import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCostMeter } from '../../../../src/doors/bench/cost.js';
import { toBenchSession } from '../../../../src/doors/bench/session.js';
import { createGardenerStrategy, createRunStores } from '../../../../src/doors/bench/strategies/gardener.js';
import type { Transcript } from '../../../../src/core/transcript/types.js';
import { validate } from '../../../../src/core/transcript/validate.js';
import { createMeter } from '../../../../src/doors/bench/measure.js';
import { defaultTokenizer } from '../../../../src/core/tokens/tokenizer.js';

const fixture = path.resolve(import.meta.dirname, '../../../fixtures/bench/twelve-calls.json');

describe('gardener strategy (the real engine)', () => {
  it('renders a valid request per call, measures CPU time, compacts under a small budget and recalls originals', async () => {
    const body = JSON.parse(readFileSync(fixture, 'utf8')) as Pick<Transcript, 'system' | 'messages'>;
    const transcript: Transcript = { id: 'twelve', format: 'anthropic', ...body };
    const session = toBenchSession(transcript, 'twelve');
    const meter = createMeter(defaultTokenizer());
    const strategy = createGardenerStrategy();
    try {
      const run = await strategy.start(session, { window: 200_000, maskKeep: 10, budget: 700, meter });
      const costs = createCostMeter(meter);
      let events = 0;
      let peak = 0;
      for (const call of session.calls) {
        const rendered = await run.context(call.index);
        expect(validate(rendered.request).issues).toEqual([]);
        expect(rendered.ms).toBeGreaterThanOrEqual(0);
        // Sent as the proxy would: the client's mark on the newest message, gardener's before it.
        expect(rendered.marks?.at(-1)?.message).toBe(rendered.request.messages.length - 1);
        events += rendered.events;
        peak = Math.max(peak, costs.next(rendered, transcript.messages[call.messageIndex]).context);
      }
      expect(events).toBeGreaterThan(0);
      expect(peak).toBeLessThan(1306); // raw peak of this fixture
      const originals = run.recall?.('tokenizer line', 5) ?? [];
      expect(originals.length).toBeGreaterThan(0);
      expect(originals.some((o) => o.includes('line 3 of the tokenizer'))).toBe(true);
      run.close();
    } finally {
      strategy.close?.();
    }
  });

  it("renders a session the same whichever sessions ran before it in the run's store", async () => {
    const body = JSON.parse(readFileSync(fixture, 'utf8')) as Pick<Transcript, 'system' | 'messages'>;
    const session = (id: string) => toBenchSession({ id, format: 'anthropic', ...body }, `${id}.json`);
    const meter = createMeter(defaultTokenizer());
    const rendered = async (order: string[]): Promise<string> => {
      const strategy = createGardenerStrategy();
      let last = '';
      try {
        for (const id of order) {
          const bench = session(id);
          const run = await strategy.start(bench, { window: 200_000, maskKeep: 10, budget: 700, meter });
          const requests = [];
          for (const call of bench.calls) requests.push((await run.context(call.index)).request);
          run.close();
          last = JSON.stringify(requests);
        }
      } finally {
        strategy.close?.();
      }
      return last;
    };
    // The stubs name their originals' ids: the same session gets the same ids second as first.
    expect(await rendered(['other', 'twelve'])).toBe(await rendered(['twelve']));
  });
});

describe('the run’s stores', () => {
  it('gives each session a store of its own, empty at its start and gone at its end', () => {
    const stores = createRunStores();
    const tokenizer = defaultTokenizer();
    try {
      const first = stores.open(tokenizer);
      first.store.ingest({
        scope: { project: 'bench:a', session: 'a' },
        class: 'log',
        original: 'tokenizer line 1\n'.repeat(50),
        summary: 'tokenizer line 1 (50 lines)',
        tokensOriginal: 250,
        tokensSummary: 8,
        priority: 20,
      });
      expect(first.store.stats().entries).toBe(1);
      const second = stores.open(tokenizer);
      // What another session stored weighs in nothing of this one's: not even recall's word counts.
      expect(second.store.stats().entries).toBe(0);
      first.remove();
      expect(second.store.stats().entries).toBe(0);
      second.remove();
    } finally {
      stores.close();
    }
  });
});
