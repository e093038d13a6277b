import { afterAll, describe, expect, it } from 'vitest';
import { mediaInfo } from '../../../src/core/garden/view/media.js';
import type { Block, MessageParam, Transcript } from '../../../src/core/transcript/types.js';
import { validate } from '../../../src/core/transcript/validate.js';
import { agentSession, garden, tempStore } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

const PNG = Buffer.from('a tiny but distinct png payload, repeated '.repeat(40)).toString('base64');
const OTHER = Buffer.from('another picture entirely, different bytes '.repeat(40)).toString('base64');
const image = (data: string): Block => ({
  type: 'image',
  source: { type: 'base64', media_type: 'image/png', data },
});

/** A prompt with a screenshot, the agent session, then a question with the same screenshot again. */
function screenshotSession(turns: number, repeatAtEnd: boolean): Transcript {
  const session = agentSession(turns, { lines: 40 });
  const messages: MessageParam[] = [
    { role: 'user', content: [{ type: 'text', text: 'The page looks broken, see:' }, image(PNG)] },
    ...session.messages.slice(1),
  ];
  if (repeatAtEnd) {
    const last = messages.pop()!;
    messages.push({
      ...last,
      content: [...(last.content as Block[]), { type: 'text', text: 'Still broken:' }, image(PNG)],
    } as MessageParam);
  }
  return { ...session, messages };
}

describe('media', () => {
  it('hashes the decoded bytes, so the same picture is recognised whatever block carries it', () => {
    const a = mediaInfo(image(PNG));
    const b = mediaInfo({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } });
    expect(a?.hash).toBe(b?.hash);
    expect(a?.bytes).toBe(Buffer.from(PNG, 'base64').length);
    expect(mediaInfo(image(OTHER) as { type: string; source: unknown })?.hash).not.toBe(a?.hash);
  });

  it('sends a repeated image once: the repeat becomes a text reference', () => {
    const g = garden(store, 1_000_000, { inject: 'off' });
    g.sync(screenshotSession(2, true));
    const request = g.render();
    const last = request.messages.at(-1)!.content as Block[];
    const reference = last[last.length - 1]!;
    expect(reference.type).toBe('text');
    expect((reference as { text: string }).text).toMatch(
      /^\[gardener: image image\/png .* repeat of one attached earlier · id=\w+/,
    );
    expect((request.messages[0]!.content as Block[])[1]).toEqual(image(PNG));
    expect(g.counters().mediaBytesDeduplicated).toBe(Buffer.from(PNG, 'base64').length);
  });

  it('stubs an old image at an event and re-attaches it where it is repeated in the working window', () => {
    const g = garden(store, 9_000, { inject: 'off' });
    g.sync(screenshotSession(12, true));
    g.plan();
    const request = g.render();
    expect(validate(request).ok).toBe(true);
    const first = (request.messages[0]!.content as Block[])[1] as { type: string; text?: string };
    expect(first.type).toBe('text');
    expect(first.text).toMatch(/fetch\("\w+"\) to see it again/);
    const last = request.messages.at(-1)!.content as Block[];
    expect(last[last.length - 1]).toEqual(image(PNG));
  });

  it('brings an image back as the original block through fetch', () => {
    const g = garden(store, 9_000, { inject: 'off' });
    g.sync(screenshotSession(12, false));
    g.plan();
    const stub = ((g.render().messages[0]!.content as Block[])[1] as { text: string }).text;
    const id = /id=(\w+)/.exec(stub)![1]!;
    expect(g.fetch(id)?.block).toEqual(image(PNG));
    expect(
      store.manifestGet(g.scope, mediaInfo(image(PNG) as { type: string; source: unknown })!.hash)?.entryId,
    ).toBe(id);
  });

  it('shortens images inside old tool results and keeps the result paired', () => {
    const session = agentSession(12, { lines: 40 });
    const result = session.messages[2]!.content as Array<{ content: unknown }>;
    result[0]!.content = [{ type: 'text', text: 'screenshot taken' }, image(OTHER)];
    const g = garden(store, 9_000, { inject: 'off' });
    g.sync(session);
    g.plan();
    const request = g.render();
    expect(validate(request).ok).toBe(true);
    const rendered = (
      request.messages[2]!.content as Array<{
        type: string;
        tool_use_id: string;
        content: Array<{ type: string; text?: string }>;
      }>
    )[0]!;
    expect(rendered.tool_use_id).toBe('toolu_0');
    expect(rendered.content.some((p) => p.type === 'image')).toBe(false);
    expect(rendered.content.some((p) => p.text?.includes('to see it again'))).toBe(true);
  });
});
