import { afterAll, describe, expect, it } from 'vitest';
import type { Slot } from '../../../src/core/garden/view/slot.js';
import { settleSlot } from '../../../src/core/garden/ingest/settle.js';
import { syncView } from '../../../src/core/garden/ingest/sync.js';
import { eligibleSteps } from '../../../src/core/garden/plan/steps.js';
import { TOOL_WORDS } from '../../../src/core/garden/session/words.js';
import { emptyView, slotChanged } from '../../../src/core/garden/view/view.js';
import { agentSession, buildLog, syncDeps, tempStore } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

describe('the steps the planner weighs', () => {
  it('say which are tool results: left whole, those end the compacted region', () => {
    const session = agentSession(6, { lines: 60 });
    // A plain-text agent's output: the action in the assistant's words, the output as user text.
    session.messages.splice(
      5,
      0,
      { role: 'assistant', content: 'I will read the deploy log next.' },
      { role: 'user', content: buildLog('deploy', 60) },
    );
    session.meta = { observations: [6] };
    const deps = syncDeps(store, { project: 'test', session: 'steps-kinds' }, { retrieval: TOOL_WORDS });
    const { view } = syncView(session, emptyView(), deps);
    for (const slot of view.all) {
      settleSlot(slot, deps.session, deps.ledger.counters);
      slotChanged(view, slot);
    }
    const window = { start: view.messages.length, maxTokens: 0 };
    const context = {
      window,
      pinned: new Set<string>(),
      mentions: new Set<string>(),
      access: new Map(),
      minSaving: 1,
    };
    const steps = eligibleSteps(view, context);
    const kindOf = new Map(view.all.map((slot: Slot) => [slot.key, slot.kind]));
    const kinds = new Set(steps.map((step) => kindOf.get(step.key)));
    expect(kinds).toEqual(new Set(['tool_result', 'text']));
    for (const step of steps) expect(step.toolResult === true).toBe(kindOf.get(step.key) === 'tool_result');
  });
});
