import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, flush, renderChat, type ChatHarness } from '../support/render-chat.js';
import { pressureReport } from '../../../../support/pressure.js';
import { scriptedController, turn, type ScriptedTurn } from '../support/scripted-controller.js';

let chat: ChatHarness | undefined;
afterEach(() => chat?.unmount());

describe('Ctrl+C', () => {
  const long: ScriptedTurn = async function* ({ hold }) {
    yield { type: 'text_delta', text: 'working on it' };
    await hold();
    yield { type: 'text_delta', text: ' and done' };
  };

  it('interrupts a running turn, and the chat goes on', async () => {
    const controller = scriptedController({
      turns: [long, turn({ type: 'text_delta', text: 'second answer' })],
    });
    chat = renderChat(controller);
    await chat.send('start');
    await chat.waitFor('working on it');
    await chat.type(KEYS.ctrlC);
    const frame = await chat.waitFor('⚠ interrupted');
    expect(controller.aborted).toEqual(['start']);
    expect(controller.closed).toBe(false);
    expect(frame).toContain('Ctrl+C again to quit');
    await new Promise((resolve) => setTimeout(resolve, 1600));
    await chat.send('next');
    await chat.waitFor('second answer');
    expect(controller.closed).toBe(false);
  });

  it("shows the settled session in the footer once the interrupted turn is over, not the request's pending blocks", async () => {
    const pending = pressureReport({ counters: { ...pressureReport().counters, renders: 1 } });
    const settled = pressureReport({
      by_class: Object.fromEntries(Object.entries(pending.by_class).filter(([cls]) => cls !== 'pending')),
    });
    const controller = scriptedController({
      turns: [
        async function* ({ hold }) {
          yield { type: 'request', call: 1, pressure: pending };
          yield { type: 'text_delta', text: 'working on it' };
          await hold();
        },
      ],
      pressureSettled: settled,
    });
    chat = renderChat(controller);
    await chat.send('start');
    expect(await chat.waitFor('working on it')).toMatch(/■ pending 300/);
    await chat.type(KEYS.ctrlC);
    await chat.waitFor('⚠ interrupted');
    await flush(5);
    expect(chat.frame()).not.toContain('pending');
  });

  it('quits on a second Ctrl+C within the window', async () => {
    const controller = scriptedController({ turns: [long] });
    chat = renderChat(controller);
    await chat.send('start');
    await chat.waitFor('working on it');
    await chat.type(KEYS.ctrlC);
    await chat.type(KEYS.ctrlC);
    await flush(10);
    expect(controller.closed).toBe(true);
  });

  it('quits at once when idle', async () => {
    const controller = scriptedController();
    chat = renderChat(controller);
    await chat.type(KEYS.ctrlC);
    await flush(10);
    expect(controller.closed).toBe(true);
  });
});

describe('the prompt editor', () => {
  it('adds a line on Ctrl+J and on a trailing backslash, and sends the lines on Enter', async () => {
    const controller = scriptedController({ turns: [turn({ type: 'text_delta', text: 'ok' })] });
    chat = renderChat(controller);
    await chat.type('first');
    await chat.type(KEYS.ctrlJ);
    await chat.type('second\\');
    await chat.type(KEYS.enter);
    await chat.type('third');
    expect(chat.frame()).toMatch(/› first\n\s+second\n\s+third/);
    await chat.type(KEYS.enter);
    await chat.waitFor('ok');
    expect(controller.prompts).toEqual(['first\nsecond\nthird']);
  });

  it('sends text and Enter arriving in one chunk, and inserts a pasted block as lines', async () => {
    const controller = scriptedController({ turns: [turn({ type: 'text_delta', text: 'got it' })] });
    chat = renderChat(controller);
    await chat.type('first line\rsecond line');
    expect(chat.frame()).toMatch(/› first line\n\s+second line/);
    expect(controller.prompts).toEqual([]);
    await chat.type('\x15');
    await chat.type('fix the vat rate\r');
    await chat.waitFor('got it');
    expect(controller.prompts).toEqual(['fix the vat rate']);
  });

  it('sees every key of a burst that arrives before React renders', async () => {
    const controller = scriptedController({ turns: [turn({ type: 'text_delta', text: 'got it' })] });
    chat = renderChat(controller);
    await chat.burst('why', ' is', KEYS.backspace, 'S', ' it', KEYS.enter);
    await chat.waitFor('got it');
    expect(controller.prompts).toEqual(['why iS it']);
  });

  it('brings back earlier prompts with ↑ and the draft with ↓', async () => {
    const controller = scriptedController({ turns: [turn({ type: 'text_delta', text: 'one done' })] });
    chat = renderChat(controller);
    await chat.send('the first prompt');
    await chat.waitFor('one done');
    await chat.type('draft');
    await chat.type(KEYS.up);
    expect(chat.frame()).toContain('› the first prompt');
    await chat.type(KEYS.down);
    expect(chat.frame()).toMatch(/› draft/);
  });

  it('keeps the prompt and says why while a turn runs', async () => {
    const held: ScriptedTurn = async function* ({ hold }) {
      yield { type: 'text_delta', text: 'busy' };
      await hold();
    };
    const controller = scriptedController({ turns: [held] });
    chat = renderChat(controller);
    await chat.send('start');
    await chat.waitFor('busy');
    await chat.send('another');
    const frame = await chat.waitFor('a turn is running');
    expect(frame).toContain('› another');
    expect(controller.prompts).toEqual(['start']);
    controller.release();
  });
});
