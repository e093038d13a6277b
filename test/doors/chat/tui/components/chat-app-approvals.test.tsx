import { afterEach, describe, expect, it } from 'vitest';
import { renderChat, type ChatHarness } from '../support/render-chat.js';
import { scriptedController, type ScriptedTurn } from '../support/scripted-controller.js';

let chat: ChatHarness | undefined;
afterEach(() => chat?.unmount());

describe('approvals', () => {
  const asking: ScriptedTurn = async function* ({ approve }) {
    yield { type: 'tool_call', id: 'b', name: 'bash', input: { command: 'rm -rf build' } };
    const request = { id: 'b', name: 'bash', input: { command: 'rm -rf build' }, summary: 'rm -rf build' };
    const answer = await approve(request);
    yield { type: 'approval', request, answer };
    yield { type: 'text_delta', text: `answer was ${answer}` };
  };

  for (const [key, answer] of [
    ['y', 'once'],
    ['a', 'always'],
    ['n', 'no'],
  ] as const) {
    it(`answers "${answer}" on ${key}`, async () => {
      chat = renderChat(scriptedController({ turns: [asking] }));
      await chat.send('clean');
      const frame = await chat.waitFor('Allow?');
      expect(frame).toContain('bash rm -rf build');
      expect(frame).not.toContain('bash bash');
      expect(frame).toContain('y once · a always this session · n no');
      await chat.type(key);
      const after = await chat.waitFor(`answer was ${answer}`);
      expect(after).not.toContain('Allow?');
    });
  }

  it('ignores other keys while asking, and shows the diff', async () => {
    const withDiff: ScriptedTurn = async function* ({ approve }) {
      const request = {
        id: 'e',
        name: 'edit',
        input: {},
        summary: 'edit a.ts',
        diff: '@@ -1 +1 @@\n-old line\n+new line',
      };
      yield { type: 'text_delta', text: `answer was ${await approve(request)}` };
    };
    chat = renderChat(scriptedController({ turns: [withDiff] }));
    await chat.send('edit');
    const frame = await chat.waitFor('Allow?');
    expect(frame).toContain('-old line');
    expect(frame).toContain('+new line');
    await chat.type('x');
    expect(chat.frame()).toContain('Allow?');
    await chat.type('y');
    await chat.waitFor('answer was once');
  });

  it('cuts a long diff to fit the screen, keeping the keys in view', async () => {
    const diff = ['@@ -1,60 +1,60 @@', ...Array.from({ length: 60 }, (_, i) => `+line ${i}`)].join('\n');
    const asking: ScriptedTurn = async function* ({ approve }) {
      const request = { id: 'w', name: 'write', input: {}, summary: 'write big.ts', diff };
      yield { type: 'text_delta', text: `answer was ${await approve(request)}` };
    };
    chat = renderChat(scriptedController({ turns: [asking] }));
    await chat.send('write');
    const frame = await chat.waitFor('Allow?');
    expect(frame).toContain('+line 0');
    expect(frame).not.toContain('+line 59');
    expect(frame).toMatch(/… \d+ more lines\s*│/);
    expect(frame).not.toContain('Ctrl+O');
  });
});
