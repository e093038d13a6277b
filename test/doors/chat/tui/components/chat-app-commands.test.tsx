import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, flush, renderChat, type ChatHarness } from '../support/render-chat.js';
import { pressureReport } from '../../../../support/pressure.js';
import { scriptedController } from '../support/scripted-controller.js';

let chat: ChatHarness | undefined;
afterEach(() => chat?.unmount());

describe('slash commands', () => {
  it('sends the line to the controller and shows a table with numbers right-aligned', async () => {
    const controller = scriptedController({
      commands: {
        '/pressure': {
          kind: 'table',
          title: 'pressure by class',
          rows: [
            ['class', 'blocks', 'tokens'],
            ['log', '7', '20,000'],
            ['code', '12', '900'],
          ],
        },
      },
    });
    chat = renderChat(controller);
    await chat.send('/pressure');
    const frame = await chat.waitFor('pressure by class');
    expect(controller.commandLines).toEqual(['/pressure']);
    expect(controller.prompts).toEqual([]);
    expect(frame).toContain('class  blocks  tokens');
    expect(frame).toContain('log         7  20,000');
    expect(frame).toContain('code       12     900');
  });

  it('shows text and errors', async () => {
    chat = renderChat(
      scriptedController({ commands: { '/note hi': { kind: 'text', text: 'noted as n-7' } } }),
    );
    await chat.send('/note hi');
    await chat.waitFor('noted as n-7');
    await chat.send('/nope');
    await chat.waitFor('⚠ unknown command /nope');
  });

  it('shows what a command changed in the footer at once: a new budget, a compaction event', async () => {
    const event = {
      seq: 3,
      kind: 'target',
      at: 0,
      call: 4,
      changed: 5,
      tokensBefore: 9_000,
      tokensAfter: 2_000,
    };
    const controller = scriptedController({
      commands: { '/budget 32000': { kind: 'text', text: 'budget: 32,000 tokens' } },
      pressureAfterCommand: {
        '/budget 32000': pressureReport({ budget: 32_000, last_event: event as never }),
      },
    });
    chat = renderChat(controller);
    await chat.waitFor('/ 16k');
    await chat.send('/budget 32000');
    const frame = await chat.waitFor('/ 32k');
    expect(frame).toMatch(/last event: target 9k → 2k tokens, 5 blocks/);
  });

  it('shows the blocks a command brought in by class once they are stored', async () => {
    const withPending = pressureReport();
    const stored = pressureReport({
      by_class: Object.fromEntries(Object.entries(withPending.by_class).filter(([cls]) => cls !== 'pending')),
    });
    const controller = scriptedController({
      commands: { '/compact': { kind: 'text', text: 'compacted' } },
    });
    controller.settledPressure = () =>
      Promise.resolve(controller.commandLines.length > 0 ? stored : withPending);
    chat = renderChat(controller);
    expect(await chat.waitFor('/ 16k')).toContain('■ pending');
    await chat.send('/compact');
    await chat.waitFor('compacted');
    await flush(5);
    expect(chat.frame()).not.toContain('pending');
  });

  it('lists commands and keys on /help without asking the controller', async () => {
    const controller = scriptedController();
    chat = renderChat(controller);
    await chat.send('/help');
    const frame = await chat.waitFor('Ctrl+J');
    expect(controller.commandLines).toEqual([]);
    expect(frame).toContain('/resume [id]');
    expect(frame).toMatch(/Ctrl\+J, or \\ at the end of a line\s+new line/);
  });

  it('picks from a list with the arrows and runs the chosen command', async () => {
    const controller = scriptedController({
      commands: {
        '/resume': {
          kind: 'pick',
          title: 'resume a session',
          items: [
            { label: 's-1 · vat fix · 2h ago', command: '/resume s-1' },
            { label: 's-2 · flaky test · yesterday', command: '/resume s-2' },
          ],
        },
        '/resume s-2': { kind: 'reset', text: 'resumed s-2' },
      },
      pressureAfterReset: pressureReport({
        calibrated_tokens: 4_000,
        pressure: 0.25,
        counters: { ...pressureReport().counters, renders: 7 },
      }),
      historyAfterReset: [
        { role: 'user', text: 'why is the test flaky?' },
        { role: 'tool', tool: 'grep', text: 'found 3 matches' },
        { role: 'assistant', text: 'A race in the setup.' },
      ],
    });
    chat = renderChat(controller);
    await chat.send('/resume');
    let frame = await chat.waitFor('resume a session');
    expect(frame).toContain('❯ s-1 · vat fix');
    await chat.type(KEYS.down);
    frame = chat.frame();
    expect(frame).toContain('❯ s-2 · flaky test');
    await chat.type(KEYS.enter);
    frame = await chat.waitFor('resumed s-2');
    expect(controller.commandLines).toEqual(['/resume', '/resume s-2']);
    expect(chat.resets).toBe(1);
    expect(frame).toContain('› why is the test flaky?');
    expect(frame).toContain('● grep → 1 line, 15 chars');
    expect(frame).toContain('A race in the setup.');
    expect(frame).not.toContain('resume a session');
    expect(frame).toMatch(/4k \/ 16k · 25%/);
    expect(frame).toContain('7 calls');
  });

  it('closes a pick list on Esc without running anything', async () => {
    const items = [{ label: 's-1', command: '/resume s-1' }];
    const controller = scriptedController({
      commands: { '/resume': { kind: 'pick', title: 'resume a session', items } },
    });
    chat = renderChat(controller);
    await chat.send('/resume');
    await chat.waitFor('resume a session');
    await chat.type(KEYS.esc);
    await chat.type('x');
    expect(chat.frame()).not.toContain('resume a session');
    expect(chat.frame()).toContain('› x');
    expect(controller.commandLines).toEqual(['/resume']);
  });

  it('closes the controller on an exit outcome', async () => {
    const controller = scriptedController({ commands: { '/exit': { kind: 'exit' } } });
    chat = renderChat(controller);
    await chat.send('/exit');
    await flush(10);
    expect(controller.closed).toBe(true);
  });
});
