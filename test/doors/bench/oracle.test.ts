import { describe, expect, it } from 'vitest';
import { createCostMeter } from '../../../src/doors/bench/cost.js';
import { createFidelity } from '../../../src/doors/bench/fidelity.js';
import { createMeter } from '../../../src/doors/bench/measure.js';
import { findNeedles, type Needle } from '../../../src/doors/bench/needles.js';
import { arrivalForm, assignNeedles, demotions } from '../../../src/doors/bench/oracle/plan.js';
import { toBenchSession } from '../../../src/doors/bench/session.js';
import { oracleStrategy } from '../../../src/doors/bench/strategies/oracle.js';
import { contentBlocks, toolResultText } from '../../../src/core/transcript/blocks.js';
import { defaultTokenizer } from '../../../src/core/tokens/tokenizer.js';
import type { MessageParam, Transcript } from '../../../src/core/transcript/types.js';
import { validate } from '../../../src/core/transcript/validate.js';

/** A long pytest-like log: many passing lines, one failure naming `marker`. */
function log(k: number, marker?: string): string {
  const lines = Array.from({ length: 120 }, (_, i) => `tests/test_mod${k}.py::test_case_${i} PASSED [${i}%]`);
  if (marker) lines.splice(60, 0, `src/pkg/${marker}.py:41: AssertionError in check_${marker}`);
  return lines.join('\n');
}

function transcript(): Transcript {
  const messages: MessageParam[] = [{ role: 'user', content: 'make the tests pass' }];
  for (let k = 0; k < 8; k++) {
    messages.push({
      role: 'assistant',
      content: [
        { type: 'tool_use', id: `t${k}`, name: 'Bash', input: { command: `pytest tests/test_mod${k}.py` } },
      ],
    });
    messages.push({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: `t${k}`, content: log(k, k === 1 ? 'vat_rules' : undefined) },
      ],
    });
  }
  messages.push({ role: 'assistant', content: 'The failure is in src/pkg/vat_rules.py:41, fixing it.' });
  return { id: 'oracle', format: 'anthropic', messages };
}

async function replay(window: number) {
  const t = transcript();
  const session = toBenchSession(t, 'oracle');
  const meter = createMeter(defaultTokenizer());
  const run = await oracleStrategy.start(session, { window, maskKeep: 10, meter });
  const costs = createCostMeter(meter, { frontier: true, cache: { minTokens: 0 } });
  const fidelity = createFidelity(findNeedles(t));
  const figures = [];
  const requests = [];
  for (const call of session.calls) {
    const rendered = await run.context(call.index);
    expect(validate(rendered.request).issues).toEqual([]);
    requests.push(rendered.request);
    figures.push({ ...costs.next(rendered, t.messages[call.messageIndex]), events: rendered.events });
    fidelity.check(call.index, rendered.request, run);
  }
  return { figures, requests, fidelity: fidelity.result() };
}

const resultTexts = (request: { messages: MessageParam[] }) =>
  request.messages.flatMap((m) =>
    contentBlocks(m).flatMap((b) => (b.type === 'tool_result' ? [toolResultText(b.content)] : [])),
  );

describe('oracle strategy', () => {
  it('stubs on arrival what no later call uses and keeps what is used, so the cache is never rewritten', async () => {
    const { figures, requests, fidelity } = await replay(200_000);
    const last = resultTexts(requests[requests.length - 1] as { messages: MessageParam[] });
    expect(last).toHaveLength(8);
    expect(last.filter((text) => text.startsWith('[gardener: log 1,'))).toHaveLength(7);
    expect(last[1]).toContain('src/pkg/vat_rules.py:41');
    expect(figures.every((f) => f.events === 0)).toBe(true);
    // Each call reads everything the previous call sent: nothing once written is written again.
    for (let i = 1; i < figures.length; i++) expect(figures[i]?.prefix).toBe(figures[i - 1]?.context);
    expect(fidelity).toMatchObject({ needles: 2, inContext: 2 });
  });

  it('shortens, in one event, what is no longer needed when the window would overflow', async () => {
    const { figures } = await replay(1_200);
    expect(figures.some((f) => f.events > 0)).toBe(false);
    const tight = await replay(400);
    expect(tight.figures.filter((f) => f.events > 0).length).toBeGreaterThan(0);
  });
});

const needle = (text: string, usedAt: number): Needle => ({
  text,
  kind: 'path',
  call: 0,
  messageIndex: 2,
  usedAt,
  usedMessageIndex: 9,
  usedBlockIndex: 0,
  usedRole: 'assistant',
  usedText: text,
  origin: 'Bash pytest',
  echo: false,
});

describe('oracle plan', () => {
  const tokens = { original: 900, summary: 120, stub: 25 };
  it('chooses at arrival: stub without needles, summary when it shows them all, else the original', () => {
    expect(arrivalForm([], 'x', tokens)).toBe('stub');
    expect(arrivalForm([needle('a.py', 5)], 'see a.py', tokens)).toBe('summary');
    expect(arrivalForm([needle('a.py', 5), needle('b.py', 6)], 'see a.py', tokens)).toBe('original');
  });

  it("gives a block no needle that the user's own text uses: that text is in the context it is used at", () => {
    const blocks = [{ key: '2:0', message: 2, text: 'FAILED src/pkg/vat_rules.py:41' }];
    const byAgent = needle('src/pkg/vat_rules.py:41', 5);
    const byUser = { ...byAgent, usedRole: 'user' as const };
    expect(assignNeedles([byAgent], blocks, []).get('2:0')).toEqual([byAgent]);
    expect(assignNeedles([byUser], blocks, []).size).toBe(0);
  });

  it('shortens what was used first, then what the summary covers, then what is needed last', () => {
    const block = (key: string, needles: Needle[], summaryText: string) => ({
      key,
      message: Number(key),
      needles,
      form: 'original' as const,
      tokens,
      summaryText,
    });
    const blocks = [
      block('1', [needle('late.py', 50)], 'nothing'),
      block('2', [needle('soon.py', 12)], 'nothing'),
      block('3', [needle('covered.py', 20)], 'covered.py'),
      block('4', [needle('used.py', 3)], 'nothing'),
    ];
    expect(demotions(blocks, 10, 1).map((d) => [d.key, d.to])).toEqual([['4', 'stub']]);
    expect(demotions(blocks, 10, 1_600).map((d) => [d.key, d.to])).toEqual([
      ['4', 'stub'],
      ['3', 'summary'],
    ]);
    expect(demotions(blocks, 10, 2_400).map((d) => [d.key, d.to])).toEqual([
      ['4', 'stub'],
      ['3', 'summary'],
      ['1', 'summary'],
    ]);
  });
});
