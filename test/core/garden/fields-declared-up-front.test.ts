import { afterAll, describe, expect, it } from 'vitest';
import { releaseOriginal, takeMessages } from '../../../src/core/garden/ingest/release.js';
import { settleSlot } from '../../../src/core/garden/ingest/settle.js';
import { syncView } from '../../../src/core/garden/ingest/sync.js';
import { TOOL_WORDS } from '../../../src/core/garden/session/words.js';
import { renderMessages } from '../../../src/core/garden/render/render.js';
import { emptyView } from '../../../src/core/garden/view/view.js';
import { agentSession, syncDeps, tempStore } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

/**
 * V8 keeps the fields an object literal declares in the object itself; a field added later goes to
 * a property array of its own. A compress run holds a slot for every block and a view entry for
 * every message, so what settling, releasing and rendering set must already be there.
 */
describe('the fields of slots and view entries', () => {
  it('are all declared when a block is registered: settling, releasing and rendering add none', () => {
    const session = agentSession(8, { lines: 40 });
    session.messages.splice(
      5,
      0,
      { role: 'assistant', content: 'Next?' },
      { role: 'user', content: 'Go on.' },
    );
    const scope = { project: 'test', session: `fields-${Math.random()}` };
    const deps = syncDeps(store, scope, { retrieval: TOOL_WORDS, oneShot: true });
    const { view } = syncView(session, emptyView(), deps);
    const pending = view.all.filter((slot) => slot.pending);
    expect(pending.length).toBeGreaterThan(8);
    const slotKeys = pending.map((slot) => Object.keys(slot).sort());
    const entryKeys = view.messages.map((entry) => Object.keys(entry).sort());
    takeMessages(view, session);
    for (const slot of pending) {
      settleSlot(slot, deps.session, deps.ledger.counters);
      releaseOriginal(slot);
    }
    expect(pending.some((slot) => slot.released)).toBe(true);
    renderMessages(view);
    expect(pending.map((slot) => Object.keys(slot).sort())).toEqual(slotKeys);
    expect(view.messages.map((entry) => Object.keys(entry).sort())).toEqual(entryKeys);
  });
});
