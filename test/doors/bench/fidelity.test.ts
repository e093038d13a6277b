import { describe, expect, it } from 'vitest';
import { createFidelity, recallQuery } from '../../../src/doors/bench/fidelity.js';
import { findNeedles, type Needle } from '../../../src/doors/bench/needles.js';
import { toBenchSession } from '../../../src/doors/bench/session.js';
import { maskStrategy } from '../../../src/doors/bench/strategies/mask.js';
import { rawStrategy } from '../../../src/doors/bench/strategies/raw.js';
import type { Strategy, StrategyRun } from '../../../src/doors/bench/types.js';
import type { MessageParam, Transcript } from '../../../src/core/transcript/types.js';
import { options } from './support.js';

function round(k: number, result: string, say?: string): MessageParam[] {
  return [
    {
      role: 'assistant',
      content: [
        ...(say ? [{ type: 'text' as const, text: say }] : []),
        { type: 'tool_use', id: `t${k}`, name: 'Bash', input: { command: `echo ${k}` } },
      ],
    },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${k}`, content: result }] },
  ];
}

const transcript: Transcript = {
  id: 'f',
  format: 'anthropic',
  messages: [
    { role: 'user', content: 'why does the import fail?' },
    ...round(0, 'ModuleNotFoundError: No module named yaml (see setup.cfg)'),
    ...round(1, 'ok'),
    ...round(2, 'ok'),
    ...round(3, 'ok'),
    ...round(4, 'ok', 'ModuleNotFoundError again; setup.cfg lacks the dependency.'),
    { role: 'assistant', content: 'done' },
  ],
};

async function fidelityOf(
  strategy: Strategy,
  maskKeep: number,
  recall?: StrategyRun['recall'],
  recallShown?: StrategyRun['recallShown'],
) {
  const session = toBenchSession(transcript, 'f');
  const needles = findNeedles(transcript);
  const run = await strategy.start(session, options({ maskKeep }));
  const probe: StrategyRun = {
    ...run,
    ...(recall ? { recall } : {}),
    ...(recallShown ? { recallShown } : {}),
  };
  const fidelity = createFidelity(needles);
  for (const call of session.calls)
    fidelity.check(call.index, (await run.context(call.index)).request, probe);
  return fidelity.result();
}

describe('fidelity', () => {
  it('raw keeps every needle in context; mask drops the ones whose tool result it cleared', async () => {
    expect(
      findNeedles(transcript)
        .map((n) => n.text)
        .sort(),
    ).toEqual(['ModuleNotFoundError', 'setup.cfg']);
    expect(await fidelityOf(rawStrategy, 10)).toMatchObject({ needles: 2, inContext: 2, withRecall: 2 });
    expect(await fidelityOf(maskStrategy, 1)).toMatchObject({ needles: 2, inContext: 0, withRecall: 0 });
  });

  it('counts a needle kept via recall when a top hit holds it in its original', async () => {
    const queries: string[] = [];
    const recall = (query: string) => {
      queries.push(query);
      return ['ModuleNotFoundError: No module named yaml (see setup.cfg)'];
    };
    expect(await fidelityOf(maskStrategy, 1, recall)).toMatchObject({
      needles: 2,
      inContext: 0,
      withRecall: 2,
    });
    expect(queries).toContain('again; setup.cfg lacks the dependency.');
    expect(queries).toContain('ModuleNotFoundError again;  lacks the dependency.');
  });

  it('counts a fact back only when what the model reads of the recall holds it', async () => {
    const recall = () => ['ModuleNotFoundError: No module named yaml (see setup.cfg)'];
    const shown = () => ({
      first: 'a window around ModuleNotFoundError',
      all: 'ModuleNotFoundError … nothing else',
    });
    expect(await fidelityOf(maskStrategy, 1, recall, shown)).toMatchObject({
      needles: 2,
      withRecall: 2,
      factsShown1: 1,
      factsShown5: 1,
      outOfContext: 2,
      outShown1: 1,
      outShown5: 1,
    });
    // Needles still in context are facts back, but not part of the out-of-context measure.
    expect(await fidelityOf(rawStrategy, 10, recall, shown)).toMatchObject({
      factsShown1: 2,
      factsShown5: 2,
      outOfContext: 0,
      outShown5: 0,
    });
  });

  it('counts a needle the user’s own text brings at that call as kept in context (docs/BENCH.md)', () => {
    const needle: Needle = {
      text: 'Q-7781',
      kind: 'number',
      call: 0,
      messageIndex: 0,
      usedAt: 3,
      usedMessageIndex: 6,
      usedBlockIndex: 0,
      usedRole: 'user',
      usedText: 'what about Q-7781?',
      origin: 'Bash cat tickets.txt',
      echo: false,
    };
    const fidelity = createFidelity([needle]);
    const run: StrategyRun = { context: () => ({ request: { messages: [] }, events: 0 }), close() {} };
    fidelity.check(3, { messages: [{ role: 'user', content: 'what about Q-7781?' }] }, run);
    expect(fidelity.result()).toMatchObject({ inContext: 1, withRecall: 1, outOfContext: 0 });
    expect(recallQuery(needle)).toBe('what about ?');
  });

  it('falls back to the tool call that produced the needle when the later use leaves no query', () => {
    const needle: Needle = {
      text: 'src/app/config.py',
      kind: 'path',
      call: 0,
      messageIndex: 2,
      usedAt: 4,
      usedMessageIndex: 9,
      usedBlockIndex: 0,
      usedRole: 'assistant',
      usedText: 'src/app/config.py',
      origin: 'Glob **/*.py src',
      echo: false,
    };
    expect(recallQuery(needle)).toBe('Glob **/*.py src');
  });

  it('marks a needle echo when the tool call its result answers held it, and counts echoes apart', () => {
    const echoed: Transcript = {
      id: 'e',
      format: 'anthropic',
      messages: [
        { role: 'user', content: 'fix it' },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'w', name: 'Write', input: { file_path: 'notes/plan_v2.md' } }],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'w', content: 'wrote notes/plan_v2.md, see issue 88812' },
          ],
        },
        ...round(1, 'ok'),
        ...round(2, 'ok'),
        ...round(3, 'ok'),
        { role: 'assistant', content: 'plan in notes/plan_v2.md; ticket 88812' },
      ],
    };
    const needles = findNeedles(echoed);
    expect(needles.map((n) => [n.text, n.echo, n.origin])).toEqual([
      ['notes/plan_v2.md', true, 'Write notes/plan_v2.md'],
      ['88812', false, 'Write notes/plan_v2.md'],
    ]);
    const fidelity = createFidelity(needles);
    const run: StrategyRun = { context: () => ({ request: { messages: [] }, events: 0 }), close() {} };
    const call = needles[0]?.usedAt ?? 0;
    fidelity.check(call, { messages: [{ role: 'user', content: 'notes/plan_v2.md' }] }, run);
    expect(fidelity.result()).toMatchObject({ needles: 2, inContext: 1, echo: 1, echoInContext: 1 });
  });
});
