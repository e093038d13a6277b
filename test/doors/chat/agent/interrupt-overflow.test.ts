import { afterEach, describe, expect, it } from 'vitest';
import { loadChat } from '../../../../src/doors/chat/agent/chat-sessions.js';
import { textReply, toolReply } from '../../../support/fake-anthropic/index.js';
import { chatRig, ofType, turn, type ChatRig } from './chat-support.js';

let rig: ChatRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** A command printing `lines` numbered log lines (a big tool output). */
const bigOutput = (lines: number, tag: string) =>
  toolReply('bash', {
    command: `for i in $(seq 1 ${lines}); do echo "2024-05-01 INFO ${tag} worker $i processed batch ok in $((i % 97)) ms"; done`,
  });

describe('interrupts', () => {
  it('stops a streaming answer, keeps what streamed, and the next turn is valid', async () => {
    const long = 'word '.repeat(400);
    rig = await chatRig([
      { reply: { content: [{ type: 'text', text: long }], chunkDelayMs: 5 } },
      textReply('next answer'),
    ]);
    const controller = rig.controller();
    const abort = new AbortController();
    const events = [];
    for await (const event of controller.run('talk', abort.signal)) {
      events.push(event);
      if (event.type === 'text_delta' && events.length > 3) abort.abort();
    }
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', stopReason: 'interrupted' });
    const after = await turn(controller, 'go on');
    expect(after.at(-1)).toMatchObject({ type: 'turn_end', answer: 'next answer' });
    const sent = rig.fake.requests.at(-1)!.body.messages;
    expect(sent.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(sent[1].content[0].text).toMatch(/\[interrupted by the user\]$/);
    expect(rig.fake.violations).toEqual([]);
  });

  it('stops a running bash command and answers its call, so the next request is valid', async () => {
    rig = await chatRig([toolReply('bash', { command: 'echo begun; sleep 30' }), textReply('after')]);
    const controller = rig.controller();
    const abort = new AbortController();
    const events = [];
    const started = Date.now();
    for await (const event of controller.run('run it', abort.signal)) {
      events.push(event);
      if (event.type === 'tool_call') setTimeout(() => abort.abort(), 200);
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(ofType(events, 'tool_result')[0]!.output).toBe('begun\n[interrupted by the user]');
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', stopReason: 'interrupted' });
    await turn(controller, 'never mind');
    const sent = rig.fake.requests.at(-1)!.body.messages;
    expect(sent.at(-1).content.map((b: { type: string }) => b.type)).toEqual(['tool_result', 'text']);
    expect(rig.fake.violations).toEqual([]);
    // The stored conversation has the prompt merged into the interrupted turn's message too.
    const stored = loadChat(rig.store, { project: 'test', session: 'chat-1' })!;
    expect(stored.messages).toHaveLength(4);
    expect(stored.messages[2]!.content).toHaveLength(2);
  });
});

describe('overflow', () => {
  it('answers "prompt is too long" with one forced compaction and one retry', async () => {
    // The budget (16,000) is above what the model takes (9,000): the first request that grows past it fails.
    rig = await chatRig([bigOutput(400, 'alpha'), bigOutput(400, 'beta'), textReply('done')], {
      contextWindow: 9_000,
    });
    const events = await turn(rig.controller(), 'run the jobs');
    const compactions = ofType(events, 'compaction');
    expect(compactions.some((c) => c.reason.startsWith('overflow'))).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', answer: 'done' });
    const statuses = rig.fake.requests.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(1);
    expect(rig.fake.violations).toEqual([]);
  });

  it('fails fast with the figures when compaction cannot shorten the request', async () => {
    rig = await chatRig([textReply('never sent')], { contextWindow: 1_000 });
    const events = await turn(rig.controller(), 'x '.repeat(2_000));
    const error = ofType(events, 'error')[0]!;
    expect(error.message).toMatch(/over the model's maximum of 1,000.*not retrying/);
    expect(rig.fake.requests).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', stopReason: 'error' });
  });
});
