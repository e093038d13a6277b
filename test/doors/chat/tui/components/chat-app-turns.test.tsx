import { afterEach, describe, expect, it } from 'vitest';
import { gardenEvent, pressureReport } from '../../../../support/pressure.js';
import { KEYS, flush, renderChat, type ChatHarness } from '../support/render-chat.js';
import { scriptedController, turn, type ScriptedTurn } from '../support/scripted-controller.js';

let chat: ChatHarness | undefined;
afterEach(() => chat?.unmount());

describe('the chat TUI', () => {
  it('sends a prompt, streams the reply and shows the pressure footer', async () => {
    const controller = scriptedController({
      turns: [
        turn(
          { type: 'request', call: 1, pressure: pressureReport() },
          { type: 'text_delta', text: 'The VAT ' },
          { type: 'text_delta', text: 'test passes.' },
          {
            type: 'usage',
            usage: { input: 1_000, cacheRead: 3_000, cacheWrite: 0, output: 200 },
            cost: { usd: 0.21, unmanagedUsd: 1.05 },
          },
          { type: 'turn_end', stopReason: 'end_turn', answer: 'The VAT test passes.' },
        ),
      ],
    });
    chat = renderChat(controller);
    await chat.send('why does the vat test fail?');
    await chat.waitFor('test passes.');
    const frame = await chat.waitFor('cache 75%');
    expect(controller.prompts).toEqual(['why does the vat test fail?']);
    expect(frame).toContain('› why does the vat test fail?');
    expect(frame).toContain('The VAT test passes.');
    expect(frame).toMatch(/11\.9k \/ 16k · 74% · compacts at 85%/);
    expect(frame).toContain('cache 75%');
    expect(frame).toContain('$0.210 vs $1.05 unmanaged (saved 80%)');
    expect(frame).toMatch(/■ log 2\.6k/);
    expect(frame).toMatch(/summary 5\.3k \(11\)/);
  });

  it('shows the last compaction event with its figures', async () => {
    const controller = scriptedController({
      turns: [
        turn({ type: 'compaction', event: gardenEvent(), reason: 'pressure above the high-water mark' }),
      ],
    });
    chat = renderChat(controller);
    await chat.send('go');
    const frame = await chat.waitFor('last event: pressure');
    expect(frame).toMatch(
      /last event: pressure 15\.2k → 9\.8k tokens, 9 blocks, at \d\d:\d\d:\d\d \(call 12; pressure above/,
    );
  });
});

describe('tool calls', () => {
  const edit = turn(
    { type: 'tool_call', id: 't1', name: 'bash', input: { command: 'npm test -- vat' } },
    {
      type: 'tool_result',
      id: 't1',
      name: 'bash',
      output: 'FAIL vat.test.ts\nexpected 20 got 19\nline 3',
      isError: false,
    },
    { type: 'tool_call', id: 't2', name: 'edit', input: { path: 'src/vat.ts', old: 'a', new: 'b' } },
    {
      type: 'tool_result',
      id: 't2',
      name: 'edit',
      output: 'edited src/vat.ts',
      isError: false,
      display: '--- a/src/vat.ts\n+++ b/src/vat.ts\n@@ -1 +1 @@\n-const rate = 0.19;\n+const rate = 0.2;',
    },
    { type: 'turn_end', stopReason: 'end_turn', answer: '' },
  );

  it('collapses each call to one line with its input and result size, and shows an edit as a diff', async () => {
    chat = renderChat(scriptedController({ turns: [edit] }));
    await chat.send('fix it');
    const frame = await chat.waitFor('● edit');
    expect(frame).toContain('● bash npm test -- vat → 3 lines, 42 chars');
    expect(frame).not.toContain('expected 20 got 19');
    expect(frame).toContain('● edit src/vat.ts → 1 line, 17 chars');
    expect(frame).toContain('-const rate = 0.19;');
    expect(frame).toContain('+const rate = 0.2;');
  });

  it('prints the last call in full on Ctrl+O once the turn is over, once', async () => {
    chat = renderChat(scriptedController({ turns: [edit] }));
    await chat.send('fix it');
    await chat.waitFor('● edit src/vat.ts →');
    await chat.type(KEYS.ctrlO);
    const frame = await chat.waitFor('"old": "a"');
    expect(frame).toMatch(/^\s+edited src\/vat\.ts$/m);
    await chat.type(KEYS.ctrlO);
    expect(chat.frame().split('"old": "a"')).toHaveLength(2);
    expect(chat.frame()).toContain('edit is shown in full above');
  });

  it('expands and collapses a call in place while the turn runs', async () => {
    const running: ScriptedTurn = async function* ({ hold }) {
      yield { type: 'tool_call', id: 'g', name: 'grep', input: { pattern: 'rate' } };
      yield { type: 'tool_result', id: 'g', name: 'grep', output: 'src/vat.ts:1:const rate', isError: false };
      await hold();
    };
    const controller = scriptedController({ turns: [running] });
    chat = renderChat(controller);
    await chat.send('find it');
    await chat.waitFor('● grep rate → 1 line');
    await chat.type(KEYS.ctrlO);
    await chat.waitFor('"pattern": "rate"');
    expect(chat.frame()).toContain('src/vat.ts:1:const rate');
    await chat.type(KEYS.ctrlO);
    expect(chat.frame()).not.toContain('"pattern": "rate"');
    controller.release();
  });

  it('marks a failed call and a denied one', async () => {
    chat = renderChat(
      scriptedController({
        turns: [
          turn(
            { type: 'tool_call', id: 'r', name: 'read', input: { path: 'missing.ts' } },
            { type: 'tool_result', id: 'r', name: 'read', output: 'ENOENT: no such file', isError: true },
            { type: 'tool_call', id: 'w', name: 'write', input: { path: 'x.ts' } },
            {
              type: 'approval',
              request: { id: 'w', name: 'write', input: {}, summary: 'write x.ts' },
              answer: 'no',
            },
            { type: 'tool_result', id: 'w', name: 'write', output: 'the user declined', isError: true },
          ),
        ],
      }),
    );
    await chat.send('go');
    const frame = await chat.waitFor('denied');
    expect(frame).toContain('✗ read missing.ts → error: ENOENT: no such file');
    expect(frame).toContain('⊘ write x.ts → denied');
  });
});

describe('the transcript', () => {
  it('draws a continued session from history before anything is typed', async () => {
    chat = renderChat(
      scriptedController({
        history: [
          { role: 'user', text: 'earlier question' },
          { role: 'assistant', text: 'earlier answer' },
        ],
      }),
    );
    const frame = await chat.waitFor('earlier answer');
    expect(frame).toContain('› earlier question');
    expect(frame.indexOf('gardener chat')).toBeLessThan(frame.indexOf('earlier question'));
  });

  it("shows a continued session's blocks by class in the footer once they are stored, not as pending", async () => {
    const resumed = pressureReport();
    chat = renderChat(
      scriptedController({
        history: [{ role: 'user', text: 'earlier question' }],
        pressure: resumed,
        pressureSettled: pressureReport({
          by_class: Object.fromEntries(Object.entries(resumed.by_class).filter(([cls]) => cls !== 'pending')),
        }),
      }),
    );
    await chat.waitFor('earlier question');
    await flush(5);
    expect(chat.frame()).toMatch(/■ log [\d.]+k/);
    expect(chat.frame()).not.toContain('pending');
  });

  it('keeps thinking to one dim line, shown in full on Ctrl+T while it streams', async () => {
    const thinking: ScriptedTurn = async function* ({ hold }) {
      yield { type: 'thinking_delta', text: 'The rate constant looks off by one point.' };
      await hold();
    };
    const controller = scriptedController({ turns: [thinking] });
    chat = renderChat(controller);
    await chat.send('think');
    const frame = await chat.waitFor('✻ thinking (41 chars, Ctrl+T shows)');
    expect(frame).not.toContain('looks off');
    await chat.type(KEYS.ctrlT);
    await chat.waitFor('✻ The rate constant looks off by one point.');
    controller.release();
  });

  it('says what went wrong when a turn fails, and takes the next prompt', async () => {
    const failing: ScriptedTurn = async function* () {
      yield { type: 'text_delta', text: 'starting' };
      await new Promise((resolve) => setImmediate(resolve));
      throw new Error('connection reset by the provider');
    };
    const controller = scriptedController({
      turns: [failing, turn({ type: 'text_delta', text: 'recovered' })],
    });
    chat = renderChat(controller);
    await chat.send('one');
    await chat.waitFor('⚠ connection reset by the provider');
    await chat.send('two');
    await chat.waitFor('recovered');
  });
});

describe('a long line as it streams', () => {
  it('shows only its tail while it streams and prints it whole once complete', async () => {
    const words = Array.from({ length: 900 }, (_, i) => `w${i}`).join(' ');
    const long: ScriptedTurn = async function* ({ hold }) {
      yield { type: 'text_delta', text: words };
      await hold();
      yield { type: 'text_delta', text: ' end.\n' };
    };
    const controller = scriptedController({ turns: [long] });
    chat = renderChat(controller);
    await chat.send('go');
    const streaming = await chat.waitFor('w899');
    expect(streaming).toContain('…');
    expect(streaming).not.toMatch(/\bw0 w1 w2\b/);
    controller.release();
    const done = await chat.waitFor('w899 end.');
    expect(done).toMatch(/\bw0 w1 w2\b/);
  });
});
