import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/agent/events.js';
import { gardenEvent, pressureReport } from './support/pressure.js';
import { renderChat, type ChatHarness } from './support/render-chat.js';
import { scriptedController, type ScriptedTurn } from './support/scripted-controller.js';

let chat: ChatHarness | undefined;
afterEach(() => chat?.unmount());

function turn(...events: AgentEvent[]): ScriptedTurn {
  return async function* () {
    yield* events;
  };
}

describe('the chat TUI', () => {
  it('sends a prompt, streams the reply and shows the pressure footer', async () => {
    const controller = scriptedController({
      turns: [
        turn(
          { type: 'request', call: 1, pressure: pressureReport() },
          { type: 'text_delta', text: 'The VAT ' },
          { type: 'text_delta', text: 'test passes.' },
          { type: 'usage', usage: { input: 1_000, cacheRead: 3_000, cacheWrite: 0, output: 200 }, cost: { usd: 0.21, unmanagedUsd: 1.05 } },
          { type: 'turn_end', stopReason: 'end_turn', answer: 'The VAT test passes.' },
        ),
      ],
    });
    chat = renderChat(controller);
    await chat.send('why does the vat test fail?');
    const frame = await chat.waitFor('test passes.');
    expect(controller.prompts).toEqual(['why does the vat test fail?']);
    expect(frame).toContain('› why does the vat test fail?');
    expect(frame).toContain('The VAT test passes.');
    expect(frame).toMatch(/11\.9k \/ 16k · 74% · compacts at 85%/);
    expect(frame).toContain('cache 75%');
    expect(frame).toContain('$0.210 vs $1.05 unmanaged (−80%)');
    expect(frame).toMatch(/■ log 2\.6k/);
    expect(frame).toMatch(/summary 5\.3k \(11\)/);
  });

  it('shows the last compaction event with its figures', async () => {
    const controller = scriptedController({
      turns: [turn({ type: 'compaction', event: gardenEvent(), reason: 'pressure above the high-water mark' })],
    });
    chat = renderChat(controller);
    await chat.send('go');
    const frame = await chat.waitFor('last event: pressure');
    expect(frame).toMatch(/last event: pressure 15\.2k → 9\.8k tokens, 9 blocks, at \d\d:\d\d:\d\d \(call 12; pressure above/);
  });
});
