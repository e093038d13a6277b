import { afterAll, describe, expect, it } from 'vitest';
import type { Block } from '../../../src/core/transcript/types.js';
import { agentSession, buildLog, garden, tempStore } from './helpers.js';
import { recall } from '../../../src/core/recall/recall.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

const off = { inject: 'off' as const };
const firstResult = (messages: ReturnType<ReturnType<typeof garden>['render']>['messages']) =>
  (messages[2]!.content as Array<{ content: string }>)[0]!.content;
const idIn = (text: string) => /fetch\("(\w+)"\)/.exec(text)![1]!;

describe('recall into context and forget', () => {
  it('brings a shortened block back to its original form, as an event', () => {
    const g = garden(store, 9_000, off);
    g.sync(agentSession(12, { lines: 40 }));
    g.plan();
    const id = idIn(firstResult(g.render().messages));
    const events = g.counters().events;
    const result = g.recallIntoContext(id);
    expect(result.changed).toBe(1);
    expect(result.event?.kind).toBe('recall');
    expect(g.counters().events).toBe(events + 1);
    expect(g.counters().stubsRecalled).toBe(1);
    expect(firstResult(g.render().messages)).toBe(buildLog('module0', 40));
  });

  it('drops a block to a stub on request, as an event, and refuses protected blocks', () => {
    const g = garden(store, 1_000_000, off);
    g.sync(agentSession(8, { lines: 40 }));
    g.plan();
    const id = g.fetch(recall(store, 'module1 build failed', g.scope, { limit: 1 }).hits[0]!.id)!.entry.id;
    const result = g.forget(id);
    expect(result.event?.kind).toBe('forget');
    const rendered = g.render().messages[4]!.content as Array<{ content: string }>;
    expect(rendered[0]!.content).toMatch(/^\[gardener: log [\d,]+→0 tok · fetch\("\w+"\)/);
    const promptId = recall(store, 'vat build fails fix', g.scope, { limit: 5, class: 'prompt' }).hits[0]!.id;
    expect(g.forget(promptId)).toMatchObject({ changed: 0, reason: 'protected' });
  });

  it('reports unknown ids and blocks no longer in context instead of changing anything', () => {
    const g = garden(store, 1_000_000, off);
    g.sync(agentSession(2, { lines: 40 }));
    expect(g.recallIntoContext('zzzzzzzz')).toMatchObject({ changed: 0, reason: 'unknown' });
  });

  it('fetches the original block byte for byte, from the transcript', () => {
    const g = garden(store, 9_000, off);
    const session = agentSession(12, { lines: 40 });
    g.sync(session);
    g.plan();
    const id = idIn(firstResult(g.render().messages));
    const fetched = g.fetch(id);
    expect(fetched?.block).toEqual((session.messages[2]!.content as Block[])[0]);
    expect(fetched?.entry.original).toBe(buildLog('module0', 40));
    expect(fetched?.form).not.toBe('original');
  });

  it('pins a block: it comes back and later events leave it alone', () => {
    const g = garden(store, 9_000, off);
    const session = agentSession(12, { lines: 40 });
    g.sync(session);
    g.plan();
    const id = idIn(firstResult(g.render().messages));
    g.pin(id);
    const more = agentSession(20, { lines: 40 });
    g.sync(more);
    g.plan();
    expect(firstResult(g.render().messages)).toBe(buildLog('module0', 40));
    expect(g.unpin(id)).toBe(true);
  });

  it('raises the priority of recalled blocks: their staleness resets, so an event picks others first', () => {
    // Watermarks set so that one event has room to spare the recalled block.
    const marks = { ...off, highWater: 0.7, lowWater: 0.5 };
    const plain = garden(store, 17_000, marks);
    plain.sync(agentSession(12, { lines: 40 }));
    plain.plan();
    expect(firstResult(plain.render().messages)).toMatch(/^\[gardener:/);

    const recalled = garden(store, 17_000, marks);
    recalled.sync(agentSession(12, { lines: 40 }));
    expect(recalled.recall('module0 build failed').hits.length).toBeGreaterThan(0);
    recalled.plan();
    expect(firstResult(recalled.render().messages)).toBe(buildLog('module0', 40));
  });
});
