import { afterEach, describe, expect, it } from 'vitest';
import { listChats } from '../../../../src/doors/chat/agent/chat-sessions.js';
import { STATE_KEY } from '../../../../src/core/garden/ledger/persist.js';
import { textReply, toolReply } from '../../../support/fake-anthropic/index.js';
import { chatRig, ofType, turn, type ChatRig } from './chat-support.js';

let rig: ChatRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe('chat sessions', () => {
  it('a resumed session carries on from its stored conversation', async () => {
    rig = await chatRig([
      toolReply('glob', { pattern: '*' }),
      textReply('first answer'),
      textReply('second answer'),
    ]);
    const first = rig.controller({ session: 'chat-a' });
    await turn(first, 'first question');
    await first.close();
    const again = rig.controller({ session: 'chat-a' });
    expect(again.resumed()).toBe(true);
    expect(again.history().map((h) => h.role)).toEqual(['user', 'tool', 'assistant']);
    await turn(again, 'second question');
    const sent = rig.fake.requests.at(-1)!.body.messages;
    expect(sent).toHaveLength(5);
    expect(sent[0].content[0].text).toBe('first question');
    expect(rig.fake.violations).toEqual([]);
  });

  it('lists sessions latest first, for --continue and the /resume picker', async () => {
    let clock = 1_000;
    rig = await chatRig([textReply('a'), textReply('b')]);
    const a = rig.controller({ session: 'chat-a', now: () => clock });
    await turn(a, 'about apples');
    clock = 2_000;
    const b = rig.controller({ session: 'chat-b', now: () => clock });
    await turn(b, 'about bananas');
    expect(listChats(rig.store, 'test').map((l) => [l.id, l.title])).toEqual([
      ['chat-b', 'about bananas'],
      ['chat-a', 'about apples'],
    ]);
    const picked = await b.command('/resume');
    expect(picked.kind).toBe('pick');
    // While the first chat has chat-a open, the second may not take it, and stays where it was.
    const refused = await b.command('/resume chat-a');
    expect(refused).toMatchObject({
      kind: 'error',
      text: expect.stringMatching(/chat-a is open in another/),
    });
    expect(b.info().id).toBe('chat-b');
    await a.close();
    const switched = await b.command('/resume chat-a');
    expect(switched).toMatchObject({ kind: 'reset', text: 'resumed chat-a (2 messages)' });
    expect(b.info().id).toBe('chat-a');
  });

  it('a stale saved garden state is dropped once, and the user is told', async () => {
    rig = await chatRig([textReply('one'), textReply('two')]);
    const first = rig.controller({ session: 'chat-s' });
    await turn(first, 'hello');
    await first.close();
    rig.store.sessionStateSet({ project: 'test', session: 'chat-s' }, STATE_KEY, '{not json');
    const again = rig.controller({ session: 'chat-s' });
    const events = await turn(again, 'still there?');
    expect(ofType(events, 'error').map((e) => e.code)).toEqual(['STATE_RESET']);
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', answer: 'two' });
  });
});

describe('an unreadable stored conversation', () => {
  it('starts afresh in the same session and says so', async () => {
    const { CHAT_KEY } = await import('../../../../src/doors/chat/agent/chat-sessions.js');
    rig = await chatRig([textReply('fresh')]);
    rig.store.sessionStateSet({ project: 'test', session: 'chat-x' }, CHAT_KEY, '{"v": 99}');
    const events = await turn(rig.controller({ session: 'chat-x' }), 'hello');
    expect(ofType(events, 'error')[0]!.message).toMatch(/could not be read; it starts afresh/);
    expect(events.at(-1)).toMatchObject({ answer: 'fresh' });
  });
});

describe('a resumed session before its first call', () => {
  it('shows its pressure', async () => {
    rig = await chatRig([textReply('one')]);
    const first = rig.controller({ session: 'chat-p' });
    await turn(first, 'hello there');
    await first.close();
    const again = rig.controller({ session: 'chat-p' });
    expect(again.pressure().rendered_tokens).toBeGreaterThan(1_000);
    expect(again.pressure().by_class['prompt']?.count).toBe(1);
  });
});

describe('the pressure after a turn', () => {
  it('has every block the turn sent classified once settled (none left pending)', async () => {
    rig = await chatRig([toolReply('glob', { pattern: '*' }), textReply('done')]);
    const chat = rig.controller({ session: 'chat-q' });
    const events = await turn(chat, 'what is here?');
    const sent = ofType(events, 'request').at(-1)!.pressure;
    expect(sent.by_class['pending']?.count ?? 0).toBeGreaterThan(0);
    const settled = await chat.settledPressure();
    expect(settled.by_class['pending']?.count ?? 0).toBe(0);
    expect(settled.by_class['prompt']?.count).toBe(1);
  });
});
