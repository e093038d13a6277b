import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCostMeter } from '../../../../src/doors/bench/cost.js';
import { toBenchSession } from '../../../../src/doors/bench/session.js';
import { clearStrategy } from '../../../../src/doors/bench/strategies/clear.js';
import { maskStrategy } from '../../../../src/doors/bench/strategies/mask.js';
import { rawStrategy } from '../../../../src/doors/bench/strategies/raw.js';
import { summaryStrategy } from '../../../../src/doors/bench/strategies/summary.js';
import { validate } from '../../../../src/core/transcript/validate.js';
import { transcriptArb } from '../../../support/transcript-arbitraries.js';
import { options } from '../support.js';

describe('peer strategies on generated transcripts', () => {
  it('render valid requests whose cost lies between the cache and write prices, raw never rewriting its prefix', () => {
    fc.assert(
      fc.property(
        transcriptArb({ systemMessages: false, unknownBlocks: false }),
        fc.integer({ min: 200, max: 4_000 }),
        fc.integer({ min: 0, max: 4 }),
        (transcript, window, maskKeep) => {
          const session = toBenchSession(transcript, transcript.id);
          for (const strategy of [rawStrategy, maskStrategy, clearStrategy, summaryStrategy]) {
            const opts = options({ window, maskKeep });
            const run = strategy.start(session, opts);
            if (run instanceof Promise) throw new Error('peer strategies start synchronously');
            const costs = createCostMeter(opts.meter, { cache: { minTokens: 0 } });
            let previous = 0;
            let previousMessages = 0;
            for (const call of session.calls) {
              const rendered = run.context(call.index);
              if (rendered instanceof Promise) throw new Error('peer strategies render synchronously');
              expect(validate(rendered.request).issues, strategy.name).toEqual([]);
              const f = costs.next(rendered, transcript.messages[call.messageIndex]);
              const base =
                f.cost - (rendered.summary ? 0.1 * rendered.summary.read + 5 * rendered.summary.written : 0);
              expect(base).toBeGreaterThanOrEqual(0.1 * f.context - 1e-9);
              expect(base).toBeLessThanOrEqual(1.25 * f.context + 1e-9);
              // raw reads all the previous call sent, unless more blocks came since than the
              // API looks back (20 from the breakpoint, the head's own mark aside).
              const added = rendered.request.messages
                .slice(previousMessages)
                .reduce((n, m) => n + (typeof m.content === 'string' ? 1 : Math.max(1, m.content.length)), 0);
              if (strategy === rawStrategy && call.index > 0 && added < 20) expect(f.prefix).toBe(previous);
              previous = f.context;
              previousMessages = rendered.request.messages.length;
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
