import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatControllerHandle } from '../../../../src/doors/chat/agent/chat-controller.js';
import { textReply, toolReply } from '../../../support/fake-anthropic/index.js';
import { chatRig, turn, type ChatRig } from './chat-support.js';
import { writeProject } from './scripted-session.js';

let rig: ChatRig;
let chat: ChatControllerHandle;

/** A session with a few big tool outputs, so there are stored entries to work on. */
beforeEach(async () => {
  rig = await chatRig([
    toolReply('bash', { command: 'cat logs/deploy.log' }),
    toolReply('bash', { command: 'cat logs/worker-0.log' }),
    toolReply('read', { path: 'src/module_0.py' }),
    toolReply('bash', { command: 'cat logs/worker-1.log' }),
    toolReply('bash', { command: 'cat logs/worker-2.log' }),
    textReply('read them all'),
  ]);
  writeProject(rig.cwd, 3);
  chat = rig.controller({ budget: 16_000 });
  await turn(chat, 'read the logs');
});
afterEach(() => rig.close());

/** The id of the first stored entry recall finds for `query`. */
async function entryId(query: string): Promise<string> {
  const found = await chat.command(`/recall ${query}`);
  expect(found.kind).toBe('text');
  const id = /^(\S+)\s/.exec((found as { text: string }).text)?.[1];
  expect(id).toBeDefined();
  return id!;
}

describe('slash commands', () => {
  it('/help lists every command', async () => {
    const help = await chat.command('/help');
    for (const name of [
      'pressure',
      'recall',
      'show',
      'forget',
      'pin',
      'unpin',
      'note',
      'compact',
      'budget',
      'model',
      'resume',
      'clear',
      'exit',
    ])
      expect((help as { text: string }).text).toContain(`/${name}`);
  });

  it('/pressure gives the breakdown by class and form as a table', async () => {
    const table = await chat.command('/pressure');
    expect(table.kind).toBe('table');
    const { rows, title } = table as { rows: string[][]; title: string };
    expect(rows[0]).toEqual(['part', 'blocks', 'original', 'rendered', 'ratio']);
    expect(rows.map((r) => r[0])).toContain('log');
    expect(rows.map((r) => r[0])).toContain('total');
    expect(title).toMatch(/of 16,000 tokens/);
  });

  it('/recall, /show, /forget and /pin work on stored entries', async () => {
    const id = await entryId('clock skew signer verifier');
    const shown = await chat.command(`/show ${id}`);
    expect((shown as { text: string }).text).toContain('ERR_TOKEN_SKEW');
    const forgot = await chat.command(`/forget ${id}`);
    expect(forgot.kind).toBe('text');
    const pinned = await chat.command(`/pin ${id}`);
    expect((pinned as { text: string }).text).toMatch(/pinned/);
    expect(await chat.command('/show nope')).toEqual({ kind: 'error', text: 'no entry nope' });
  });

  it('/note keeps a note that /recall finds', async () => {
    const noted = await chat.command('/note the deploy key rotates on Fridays');
    expect((noted as { text: string }).text).toMatch(/^noted as n/);
    const found = await chat.command('/recall deploy key rotates');
    expect((found as { text: string }).text).toContain('Fridays');
  });

  it('/unpin undoes /pin, and says so when the entry was not pinned', async () => {
    expect(await chat.command('/unpin zzzzzzzz')).toEqual({ kind: 'error', text: 'zzzzzzzz is not pinned' });
    const id = await entryId('clock skew signer verifier');
    expect((await chat.command(`/pin ${id}`)).kind).toBe('text');
    expect(await chat.command(`/unpin ${id}`)).toEqual({ kind: 'text', text: `${id}: unpinned` });
    expect((await chat.command(`/unpin ${id}`)).kind).toBe('error');
  });

  it('says /recall searches the whole project, as it does', () => {
    const recall = chat.commands().find((c) => c.name === 'recall');
    expect(recall?.help).toBe('search what this project stored, in every session');
  });

  it('/compact forces an event down to the low-water mark', async () => {
    const result = await chat.command('/compact');
    expect((result as { text: string }).text).toMatch(
      /compaction event #\d+: \d+ blocks?, [\d,]+ → [\d,]+ tokens/,
    );
  });

  it('/budget and /model change the session, /clear starts a new one, /exit quits', async () => {
    expect(await chat.command('/budget 20000')).toEqual({ kind: 'text', text: 'budget: 20,000 tokens' });
    expect(chat.info().budget).toBe(20_000);
    expect((await chat.command('/budget 12')).kind).toBe('error');
    expect(await chat.command('/budget 999')).toMatchObject({ kind: 'error' });
    expect(await chat.command('/budget 1000')).toEqual({ kind: 'text', text: 'budget: 1,000 tokens' });
    expect(await chat.command('/budget 200001')).toMatchObject({
      kind: 'error',
      text: expect.stringMatching(/from 1,000 to 200,000 \(the context window of /),
    });
    await chat.command('/budget 20000');
    await chat.command('/model claude-opus-4-7');
    expect(chat.info().model).toBe('claude-opus-4-7');
    const before = chat.info().id;
    const cleared = await chat.command('/clear');
    expect(cleared.kind).toBe('reset');
    expect(chat.info().id).not.toBe(before);
    expect(chat.history()).toEqual([]);
    expect(await chat.command('/exit')).toEqual({ kind: 'exit' });
    expect((await chat.command('/nope')).kind).toBe('error');
  });
});

describe("gardener's tools for the model", () => {
  it('recall, fetch, context_pressure, note and forget answer the model', async () => {
    const id = await entryId('clock skew signer verifier');
    const rig2 = await chatRig([
      {
        reply: {
          content: [
            { type: 'tool_use', name: 'fetch', input: { id } },
            { type: 'tool_use', name: 'context_pressure', input: {} },
            { type: 'tool_use', name: 'note', input: { text: 'skew is the cause' } },
            { type: 'tool_use', name: 'forget', input: { id: 'zzzz' } },
          ],
        },
      },
      textReply('ok'),
    ]);
    // One chat at a time has a session open: this one closes it first.
    await chat.close();
    try {
      const events = await turn(
        rig2.controller({ store: rig.store, session: chat.info().id, cwd: rig.cwd }),
        'check',
      );
      const results = events.filter((e) => e.type === 'tool_result') as {
        name: string;
        output: string;
        isError: boolean;
      }[];
      expect(results[0]!.output).toContain('ERR_TOKEN_SKEW');
      expect(JSON.parse(results[1]!.output)).toMatchObject({ budget: 16_000 });
      expect(results[2]!.output).toMatch(/^noted as n/);
      expect(results[3]).toMatchObject({ isError: true, output: 'no entry zzzz' });
    } finally {
      await rig2.close();
    }
  });
});
