import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatControllerHandle } from '../../../../src/doors/chat/agent/chat-controller.js';
import { textReply, toolReply } from '../../../support/fake-anthropic/index.js';
import { buildLog } from '../../../support/build-log.js';
import { chatRig, turn, type ChatRig } from './chat-support.js';

let rig: ChatRig;
let chat: ChatControllerHandle;
let id: string;

beforeEach(async () => {
  rig = await chatRig([toolReply('recall', { query: 'batch 1612 VAT' }), textReply('rate is 0.19')]);
  chat = rig.controller();
  id = rig.store.ingest({
    scope: { project: 'test', session: 'chat-1' },
    class: 'log',
    original: buildLog(),
    summary: 'build log: 1 error, 8 warnings',
    tokensOriginal: 6_000,
    tokensSummary: 10,
    priority: 20,
    sourceTool: 'bash',
  }).id;
});
afterEach(() => rig.close());

const outcomeText = (outcome: unknown) => (outcome as { text: string }).text;

describe('look-alike lines in the chat', () => {
  it('/recall folds a run and names the /show that prints it; /show ID A-B prints those lines', async () => {
    const found = outcomeText(await chat.command('/recall batch 1612 VAT'));
    const fold = new RegExp(`… (\\d+) similar INFO lines \\(\\d+–\\d+\\): /show ${id} (\\d+)-(\\d+)`).exec(
      found,
    );
    expect(fold).not.toBeNull();
    const shown = outcomeText(await chat.command(`/show ${id} ${fold?.[2]}-${fold?.[3]}`));
    expect(shown).toContain(`lines ${fold?.[2]}–${fold?.[3]} of 401`);
    expect(shown.split('\n').filter((l) => /^\s*\d+\| INFO compiled/.test(l))).toHaveLength(
      Number(fold?.[1]),
    );
    expect(outcomeText(await chat.command(`/show ${id} 9-3`))).toContain('the range must be a line range');
  });

  it("the model's recall names the fetch that brings a folded run back", async () => {
    await turn(chat, 'why does batch 1612 fail?');
    const sent = JSON.stringify(rig.fake.requests.at(-1)?.body.messages);
    expect(sent).toMatch(
      new RegExp(`similar INFO lines \\(\\d+–\\d+\\): fetch\\(\\\\"${id}\\\\", offset: \\d+, limit: \\d+\\)`),
    );
  });
});
