import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Form, Slot } from '../../../src/core/garden/view/slot.js';
import { settleSlot } from '../../../src/core/garden/ingest/settle.js';
import { syncView } from '../../../src/core/garden/ingest/sync.js';
import { budgetFigures } from '../../../src/core/garden/plan/budget-check.js';
import { eligibleSteps } from '../../../src/core/garden/plan/steps.js';
import { protection, type WorkingWindow } from '../../../src/core/garden/plan/window.js';
import { TOOL_WORDS } from '../../../src/core/garden/session/words.js';
import { emptyView, slotChanged, slotTokens, type View } from '../../../src/core/garden/view/view.js';
import { agentSession, syncDeps, tempStore } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

/** A settled view of an agent session with a typed prompt in the middle, read as a door would. */
function settledView(): View {
  const session = agentSession(12, { lines: 40 });
  session.messages.splice(
    7,
    0,
    { role: 'assistant', content: 'Which module next?' },
    {
      role: 'user',
      content: 'Look at module4 again, and keep its log.',
    },
  );
  const deps = syncDeps(
    store,
    { project: 'test', session: `index-${Math.random()}` },
    { retrieval: TOOL_WORDS },
  );
  const { view } = syncView(session, emptyView(), deps);
  for (const slot of view.all) {
    settleSlot(slot, deps.session, deps.ledger.counters);
    slotChanged(view, slot);
  }
  return view;
}

/** The figures read off every slot, as budgetFigures did before the index kept sums. */
function scanned(view: View, window: WorkingWindow, pinned: ReadonlySet<string>) {
  const sums = { fixed: 0, prompt: 0, window: 0, pinned: 0, 'asked back': 0, open: 0 };
  for (const slot of view.all) {
    const why = protection(slot, window, pinned) ?? 'open';
    const smallest = Math.min(...(Object.keys(slot.blocks) as Form[]).map((f) => slotTokens(slot, f)));
    sums[why] +=
      why === 'open' ? (Number.isFinite(smallest) ? smallest : slotTokens(slot)) : slotTokens(slot);
  }
  return sums;
}

const change = fc.record({ slot: fc.nat(), form: fc.constantFrom<Form>('original', 'summary', 'stub') });

describe('the view index', () => {
  const view = settledView();

  it('gives the planner the steps a scan of every slot gives, and budgetFigures the same sums, as forms change', () => {
    fc.assert(
      fc.property(
        fc.array(change, { maxLength: 30 }),
        fc.nat({ max: view.messages.length - 1 }),
        fc.array(fc.nat(), { maxLength: 3 }),
        (changes, start, pins) => {
          for (const { slot: i, form } of changes) {
            const slot = view.all[i % view.all.length] as Slot;
            if (slot.blocks[form] === undefined) continue;
            slot.form = form;
            slotChanged(view, slot);
          }
          const window = { start, maxTokens: 2_000 };
          const pinned = new Set(pins.map((i) => (view.all[i % view.all.length] as Slot).key));
          const context = { window, pinned, mentions: new Set<string>(), access: new Map(), minSaving: 1 };
          const everySlot = { ...view, index: { ...view.index, shortenable: new Set(view.all) } };
          expect(eligibleSteps(view, context)).toEqual(eligibleSteps(everySlot, context));
          const figures = budgetFigures(view, 100, 10_000, window, pinned);
          const sums = scanned(view, window, pinned);
          expect(figures.passThrough).toBe(sums.fixed);
          expect(figures.prompts).toBe(sums.prompt);
          expect(figures.window).toBe(sums.window);
          expect(figures.pinned).toBe(sums.pinned);
          expect(figures.minimum - figures.protected).toBe(sums.open);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps the tally of shortened slots that the turn injection reports', () => {
    const shortened = view.all.filter((s) => s.form !== 'original');
    const { compacted } = view.index;
    expect(compacted.blocks).toBe(shortened.length);
    expect(compacted.before).toBe(shortened.reduce((n, s) => n + slotTokens(s, 'original'), 0));
    expect(compacted.after).toBe(shortened.reduce((n, s) => n + slotTokens(s), 0));
  });
});
