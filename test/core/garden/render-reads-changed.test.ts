import { describe, expect, it } from 'vitest';
import { renderMessages } from '../../../src/core/garden/render/render.js';
import { truncateView } from '../../../src/core/garden/ingest/view-edit.js';
import { emptyView, uncount, type MessageView, type View } from '../../../src/core/garden/view/view.js';
import type { MessageParam } from '../../../src/core/transcript/types.js';

/** A message the engine passes through as it came (rendered as its source). */
function entry(text: string): MessageView {
  const source = { role: 'system-note', content: text } as unknown as MessageParam;
  return {
    role: 'system-note',
    source,
    isString: true,
    passthrough: true,
    slots: [],
    turn: 0,
    figures: undefined,
    rendered: undefined,
    shell: undefined,
  };
}

/** A view of `count` messages whose reads of a message by index are noted in `read`. */
function watchedView(count: number): { view: View; read: number[] } {
  const view = emptyView();
  const read: number[] = [];
  for (let m = 0; m < count; m++) view.messages.push(entry(`note ${m}`));
  view.messages = new Proxy(view.messages, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) read.push(Number(key));
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { view, read };
}

const sources = (view: View) => view.messages.map((message) => message.source);

describe('rendering reads only the messages new or changed since the last render', () => {
  it('reads a changed message and the new ones, also after a rewind, and renders as a whole render does', () => {
    const { view, read } = watchedView(1_000);
    expect(renderMessages(view)).toEqual(sources(view));
    read.length = 0;
    const again = renderMessages(view);
    expect(read).toEqual([]);
    expect(again).toEqual(sources(view));

    const changed = entry('note 500, changed');
    view.messages[500] = changed;
    uncount(view, 500);
    view.messages.push(entry('note 1000'));
    read.length = 0;
    const rendered = renderMessages(view);
    expect([...new Set(read)].sort((a, b) => a - b)).toEqual([500, 1_000]);
    expect(rendered).toEqual(sources(view));
    expect(rendered[500]).toBe(changed.source);

    // A rewind: the messages that replace the dropped ones are rendered, not the dropped ones.
    uncount(view, 800);
    truncateView(view, 600);
    view.messages.push(entry('other 600'), entry('other 601'));
    read.length = 0;
    const rewound = renderMessages(view);
    expect([...new Set(read)]).toEqual([600, 601]);
    expect(rewound).toEqual(sources(view));
  });
});
