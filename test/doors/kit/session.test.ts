import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { compress } from '../../../src/core/compress/index.js';
import { dirname, join } from 'node:path';
import { openSession } from '../../../src/doors/kit/session.js';
import { openDoorStore } from '../../../src/doors/kit/store.js';
import { toRequest } from '../../../src/core/transcript/types.js';
import { validate } from '../../../src/core/transcript/validate.js';
import { agentSession, tempStore } from '../../core/garden/helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);
let sessions = 0;
const scope = () => ({ project: 'door', session: `s${++sessions}` });

describe('a door session', () => {
  it('turns a transcript into a valid gardened request within the budget, with its pressure', () => {
    const session = openSession({ store, scope: scope(), budget: 6_000, config: { now: () => 1_000 } });
    const transcript = agentSession(12);
    const next = session.next(transcript);
    expect(validate(next.request).issues).toEqual([]);
    expect(next.event).toBeDefined();
    expect(next.impossible).toBeUndefined();
    expect(next.pressure.budget).toBe(6_000);
    expect(next.pressure.rendered_tokens).toBeLessThanOrEqual(6_000);
    expect(next.pressure.rendered_tokens).toBeLessThan(next.pressure.total_original_tokens);
    session.close();
  });

  it('fails safe: when gardening throws, the original request comes back with the error', () => {
    const session = openSession({
      store,
      scope: scope(),
      budget: 6_000,
      compress: () => {
        throw new Error('compressor broke');
      },
    });
    const transcript = agentSession(12);
    const outcome = session.nextOrOriginal(transcript);
    expect(outcome.gardened).toBe(false);
    if (outcome.gardened) return;
    expect(outcome.request).toEqual(toRequest(transcript));
    expect(String(outcome.error)).toContain('compressor broke');
  });

  it('settles in slices, yielding to the event loop, and concurrent calls share one run', async () => {
    const session = openSession({ store, scope: scope(), budget: 200_000, config: { keepLastTurns: 40 } });
    // Inside the working window every new block waits for settle.
    session.next(agentSession(10, { calls: 2, lines: 120 }));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const [a, b] = [session.settleSoon(), session.settleSoon()];
    expect(a).toBe(b);
    const report = await a;
    clearInterval(timer);
    expect(report.error).toBeUndefined();
    expect(report.pending).toBe(0);
    expect(report.ingested).toBeGreaterThanOrEqual(20);
    expect(report.slices).toBeGreaterThan(1);
    expect(ticks).toBeGreaterThan(0);
    expect((await session.settleSoon()).ingested).toBe(0);
    session.close();
  });

  it('holds settling while a request waits: a slice stops after its block, the next waits for the request', async () => {
    const session = openSession({ store, scope: scope(), budget: 200_000, config: { keepLastTurns: 40 } });
    session.next(agentSession(10, { calls: 2, lines: 120 }));
    const pending = () => session.garden.pressure({ settle: false }).by_class['pending']?.count ?? 0;
    const before = pending();
    // A request already waiting: one block is stored, not a slice's worth.
    expect(session.garden.settle({ yieldTo: () => true }).ingested).toBe(1);
    expect(pending()).toBe(before - 1);

    let waiting = false;
    const settling = session.settleSoon(() => waiting);
    // A request comes in between two slices (timers run between them)…
    await new Promise((resolve) => setTimeout(resolve, 0));
    waiting = true;
    const held = pending();
    expect(held).toBeGreaterThan(0);
    // …and while it is gardened and sent, no slice runs; the request itself is answered meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(pending()).toBe(held);
    expect(session.next(agentSession(11, { calls: 2, lines: 120 })).request.messages.length).toBeGreaterThan(
      0,
    );
    waiting = false;
    const report = await settling;
    expect(report.error).toBeUndefined();
    expect(report.pending).toBe(0);
    expect(pending()).toBe(0);
    session.close();
  });

  it('waits for another writer without blocking, then stores', async () => {
    const server = openDoorStore({ path: join(dirname(store.path), 'server.db') }, { server: true });
    const session = openSession({
      store: server,
      scope: scope(),
      budget: 200_000,
      config: { keepLastTurns: 40 },
    });
    session.next(agentSession(4));
    const other = new Database(server.path);
    other.exec('BEGIN IMMEDIATE');
    const settling = session.settleSoon();
    await new Promise((resolve) => setTimeout(resolve, 60));
    other.exec('COMMIT');
    other.close();
    const report = await settling;
    expect(report.error).toBeUndefined();
    expect(report.pending).toBe(0);
    expect(report.ingested).toBeGreaterThan(0);
    session.close();
    server.close();
  });

  it('reports an error that outlasts its retries instead of rejecting', async () => {
    const session = openSession({
      store,
      scope: scope(),
      budget: 200_000,
      config: { keepLastTurns: 40 },
      compress: (cls, text, context) => {
        if (text.includes('module2')) throw new Error('bad block');
        return compress(cls, text, context);
      },
    });
    session.next(agentSession(4));
    const report = await session.settleSoon();
    expect(String(report.error)).toContain('bad block');
    expect(report.pending).toBeGreaterThan(0);
  });
});
