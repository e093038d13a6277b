import { afterAll, describe, expect, it } from 'vitest';
import { FORM_CHUNK_ENTRIES, formChunkKey, STATE_KEY } from '../../../src/core/garden/ledger/persist.js';
import { agentSession, garden, tempStore } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

describe('persistence', () => {
  it('continues with the same forms after a restart: the rendered request is byte-identical', () => {
    const session = agentSession(14, { lines: 40 });
    const first = garden(store, 9_000, { inject: 'off' }, 'restart');
    first.sync(session);
    first.plan();
    const before = JSON.stringify(first.render());
    const events = first.counters().events;
    first.close();

    const second = garden(store, 9_000, { inject: 'off' }, 'restart');
    second.sync(session);
    expect(JSON.stringify(second.render())).toBe(before);
    expect(second.plan().event).toBeUndefined();
    expect(second.counters().events).toBe(events);
    expect(second.events().length).toBe(events);
  });

  it('keeps nothing when persistence is off', () => {
    const session = agentSession(14, { lines: 40 });
    const first = garden(store, 9_000, { inject: 'off', persist: false }, 'volatile');
    first.sync(session);
    first.plan();
    first.close();
    const second = garden(store, 9_000, { inject: 'off', persist: false }, 'volatile');
    second.sync(session);
    expect(second.render().messages).toEqual(session.messages);
  });

  it('starts afresh from unreadable saved state', () => {
    store.sessionStateSet({ project: 'test', session: 'broken' }, 'garden', '{not json');
    const g = garden(store, 9_000, { inject: 'off' }, 'broken');
    g.sync(agentSession(2));
    expect(g.counters().events).toBe(0);
  });
});

describe('saved forms in chunks', () => {
  it('saves an event as its changes only, and a restart without close() finds them', () => {
    const scope = { project: 'test', session: 'chunks' };
    const session = agentSession(14, { lines: 40 });
    const first = garden(store, 9_000, { inject: 'off' }, 'chunks');
    first.sync(session);
    const event = first.plan().event;
    expect(event).toBeDefined();
    const main = JSON.parse(store.sessionStateGet(scope, STATE_KEY) ?? '{}') as Record<string, unknown>;
    expect(main['forms']).toEqual({});
    expect(main['formChunks']).toBe(1);
    const chunk = JSON.parse(store.sessionStateGet(scope, formChunkKey(0)) ?? '{}') as object;
    expect(Object.keys(chunk).length).toBe(event!.changed);
    const before = JSON.stringify(first.render());

    const second = garden(store, 9_000, { inject: 'off' }, 'chunks');
    second.sync(session);
    expect(JSON.stringify(second.render())).toBe(before);
  });

  it('starts a new chunk once the open one is full, and reads the chunks in order', () => {
    const scope = { project: 'test', session: 'many' };
    const session = agentSession(FORM_CHUNK_ENTRIES + 20, { lines: 30 });
    const first = garden(store, 1_000_000, { inject: 'off' }, 'many');
    first.sync(session);
    expect(first.compactAll().changed).toBeGreaterThan(FORM_CHUNK_ENTRIES);
    first.setBudget(12_000);
    expect(first.plan({ strict: false }).event).toBeDefined();
    const main = JSON.parse(store.sessionStateGet(scope, STATE_KEY) ?? '{}') as { formChunks: number };
    expect(main.formChunks).toBe(2);
    const before = JSON.stringify(first.render());
    const second = garden(store, 12_000, { inject: 'off' }, 'many');
    second.sync(session);
    expect(JSON.stringify(second.render())).toBe(before);
  });

  it('reads an older save that keeps its forms in the main record, and saves it in chunks', () => {
    const scope = { project: 'test', session: 'older' };
    const session = agentSession(14, { lines: 40 });
    const first = garden(store, 9_000, { inject: 'off' }, 'older');
    first.sync(session);
    first.plan();
    const before = JSON.stringify(first.render());
    first.close();
    const main = JSON.parse(store.sessionStateGet(scope, STATE_KEY) ?? '{}') as Record<string, unknown>;
    const forms = JSON.parse(store.sessionStateGet(scope, formChunkKey(0)) ?? '{}') as object;
    expect(Object.keys(forms).length).toBeGreaterThan(0);
    store.sessionStateSet(scope, STATE_KEY, JSON.stringify({ ...main, forms, formChunks: undefined }));
    store.sessionStateSet(scope, formChunkKey(0), '{not json');

    const second = garden(store, 9_000, { inject: 'off' }, 'older');
    second.sync(session);
    expect(JSON.stringify(second.render())).toBe(before);
    second.close();
    const resaved = JSON.parse(store.sessionStateGet(scope, STATE_KEY) ?? '{}') as Record<string, unknown>;
    expect(resaved['forms']).toEqual({});
    expect(resaved['formChunks']).toBe(1);
    expect(JSON.parse(store.sessionStateGet(scope, formChunkKey(0)) ?? '{}')).toEqual(forms);
  });

  it('with saveLater, saves an event at save(), after two events as if each had been saved', () => {
    const scope = { project: 'test', session: 'later' };
    const session = agentSession(14, { lines: 40 });
    const first = garden(store, 9_000, { inject: 'off', saveLater: true }, 'later');
    first.sync(session);
    expect(first.plan().event).toBeDefined();
    expect(store.sessionStateGet(scope, STATE_KEY)).toBeUndefined();
    first.setBudget(4_000);
    expect(first.plan({ strict: false }).event).toBeDefined();
    expect(store.sessionStateGet(scope, STATE_KEY)).toBeUndefined();
    const before = JSON.stringify(first.render());
    first.save();
    const main = JSON.parse(store.sessionStateGet(scope, STATE_KEY) ?? '{}') as { formChunks: number };
    expect(main.formChunks).toBe(1);

    const second = garden(store, 4_000, { inject: 'off' }, 'later');
    second.sync(session);
    expect(JSON.stringify(second.render())).toBe(before);
    expect(second.counters().events).toBe(first.counters().events);
  });

  it('with saveLater, settle() saves what events left unsaved', () => {
    const scope = { project: 'test', session: 'later-settle' };
    const first = garden(store, 9_000, { inject: 'off', saveLater: true }, 'later-settle');
    first.sync(agentSession(14, { lines: 40 }));
    expect(first.plan().event).toBeDefined();
    expect(store.sessionStateGet(scope, STATE_KEY)).toBeUndefined();
    first.settle();
    expect(store.sessionStateGet(scope, formChunkKey(0))).toBeDefined();
  });
});
