import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Form, Slot } from '../../../src/core/garden/view/slot.js';
import { settleSlot } from '../../../src/core/garden/ingest/settle.js';
import { syncView, type SyncDeps } from '../../../src/core/garden/ingest/sync.js';
import { TOOL_WORDS } from '../../../src/core/garden/session/words.js';
import { scanPressure, type PressureTally } from '../../../src/core/garden/view/pressure-tally.js';
import { emptyView, slotChanged, type View } from '../../../src/core/garden/view/view.js';
import type { Block, MessageParam, Transcript } from '../../../src/core/transcript/types.js';
import { agentSession, buildLog, garden, syncDeps, tempStore } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

const PNG = Buffer.from('a small picture, its bytes repeated '.repeat(30)).toString('base64');

/** A turn of a random session: what the tool printed (size, kind) and whether the user typed after it. */
const turn = fc.record({
  lines: fc.integer({ min: 0, max: 60 }),
  kind: fc.constantFrom('log', 'error', 'image', 'short'),
  typed: fc.boolean(),
});

/** What happens between two syncs: the door sends more (or less), edits a message, settles, or an event changes forms. */
const step = fc.oneof(
  fc.record({ op: fc.constant('sync' as const), upTo: fc.nat() }),
  fc.record({ op: fc.constant('edit' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('settle' as const), share: fc.integer({ min: 1, max: 3 }) }),
  fc.record({
    op: fc.constant('form' as const),
    slot: fc.nat(),
    form: fc.constantFrom<Form>('original', 'summary', 'stub'),
  }),
);

function messagesOf(turns: ReadonlyArray<{ lines: number; kind: string; typed: boolean }>) {
  const messages: MessageParam[] = [{ role: 'user', content: 'Find out why the build fails and fix it.' }];
  turns.forEach((t, i) => {
    const id = `toolu_${i}`;
    messages.push({
      role: 'assistant',
      content: [
        { type: 'text', text: `Step ${i}: running the build.` },
        { type: 'tool_use', id, name: 'Bash', input: { command: `make module${i}` } },
      ],
    });
    const text =
      t.kind === 'error'
        ? `Traceback (most recent call last):\n  File "m${i}.py", line ${i}\nValueError: bad ${i}`
        : t.kind === 'short'
          ? `ok ${i}`
          : buildLog(`module${i}`, t.lines);
    const content: Block[] = [{ type: 'text', text }];
    if (t.kind === 'image')
      content.push({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content } as Block] });
    if (t.typed) {
      messages.push({ role: 'assistant', content: `Done with module${i}.` });
      messages.push({ role: 'user', content: `Now look at module${i} again.` });
    }
  });
  return messages;
}

/** The tally with its classes in a fixed order, for comparison. */
function plain(tally: PressureTally) {
  return { ...tally, byClass: Object.fromEntries([...tally.byClass].sort(([a], [b]) => (a < b ? -1 : 1))) };
}

function depsFor(session: string): SyncDeps {
  return syncDeps(store, { project: 'tally', session }, { retrieval: TOOL_WORDS });
}

describe('the pressure tally', () => {
  it('equals the sums read off every slot, over random sessions synced, rewound, edited, settled and compacted', () => {
    let run = 0;
    fc.assert(
      fc.property(
        fc.array(turn, { minLength: 1, maxLength: 8 }),
        fc.array(step, { minLength: 1, maxLength: 12 }),
        (turns, steps) => {
          const full = messagesOf(turns);
          let messages = full;
          const deps = depsFor(`tally-${run++}`);
          let view: View = emptyView();
          const transcript = (list: MessageParam[]): Transcript => ({
            id: 's',
            format: 'anthropic',
            system: 'You are a careful coding agent.',
            messages: list,
          });
          for (const s of steps) {
            if (s.op === 'sync') {
              ({ view } = syncView(
                transcript(messages.slice(0, 1 + (s.upTo % messages.length))),
                view,
                deps,
              ));
            } else if (s.op === 'edit') {
              // A message sent differently: the view drops everything from there on and reads it again.
              const at = 1 + (s.at % (messages.length - 1 || 1));
              if (at >= messages.length || messages[at]?.role !== 'user') continue;
              messages = [...messages];
              messages[at] = { role: 'user', content: `An edited message ${at}.` };
              ({ view } = syncView(transcript(messages.slice(0, at + 1)), view, deps));
            } else if (s.op === 'settle') {
              for (const slot of [...view.index.pending].filter((_, i) => i % s.share === 0)) {
                settleSlot(slot, deps.session, deps.ledger.counters);
                slotChanged(view, slot);
              }
            } else if (view.all.length > 0) {
              const slot = view.all[s.slot % view.all.length] as Slot;
              if (slot.blocks[s.form] === undefined) continue;
              slot.form = s.form;
              slotChanged(view, slot);
            }
            expect(plain(view.index.pressure)).toEqual(plain(scanPressure(view.all)));
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("gives the garden's pressure report the tables a scan gives, classes in breakdown order", () => {
    const g = garden(store, 9_000, { inject: 'off' });
    g.sync(agentSession(12, { lines: 40 }));
    g.plan();
    const p = g.pressure();
    const classes = Object.keys(p.by_class);
    expect(classes).toEqual(
      ['prompt', 'error', 'code', 'prose', 'structured', 'log', 'media', 'other', 'pending'].filter((c) =>
        classes.includes(c),
      ),
    );
    const blocks = Object.values(p.by_class).reduce((n, row) => n + row.count, 0);
    expect(blocks).toBe(p.by_form.original.count + p.by_form.summary.count + p.by_form.stub.count);
    expect(p.by_form.summary.count + p.by_form.stub.count).toBeGreaterThan(0);
    for (const row of Object.values(p.by_class)) expect(row.ratio).toBeCloseTo(row.rendered / row.orig, 2);
  });
});
