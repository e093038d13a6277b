import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, renderChat, type ChatHarness } from '../support/render-chat.js';
import { scriptedController } from '../support/scripted-controller.js';

let chat: ChatHarness | undefined;
afterEach(() => chat?.unmount());

/** A /recall output as the README's demo gives it: two hit headers, then a long run of log lines. */
function longRecall(): string {
  const lines = [
    'q8k41vb2  log         Bash call: cat build.log  score 0.53',
    '  keyword:1612 · keyword:batch · keyword:vat',
    '    ERROR vat.test.ts: batch 1612 expected 20.00, got 19.00 (rate 0.19 in src/vat.ts:3)',
  ];
  for (let i = 230; i <= 346; i++)
    lines.push(`    INFO compiled module${i % 37}.ts in ${i % 90} ms (${i} of 400)`);
  lines.push('', '2 hits · 8 entries searched');
  return lines.join('\n');
}

const PAGE_DOWN = '\x1b[6~';
const PAGE_UP = '\x1b[5~';
const END = '\x1b[F';

describe('a command output taller than the screen', () => {
  it('opens at its head in a pager that says where it is; the keys page through it; q prints it whole', async () => {
    const controller = scriptedController({
      commands: {
        '/recall batch 1612': { kind: 'text', text: longRecall() },
        '/note hi': { kind: 'text', text: 'noted as n-7' },
      },
    });
    chat = renderChat(controller);
    await chat.send('/recall batch 1612');
    const first = await chat.waitFor(/lines 1–\d+ of 122/);
    expect(first).toContain('q8k41vb2  log         Bash call: cat build.log');
    expect(first).toContain('ERROR vat.test.ts: batch 1612');
    expect(first).toContain('› /recall batch 1612');
    expect(first).toContain('q or Esc closes');
    const [, shownLast] = /lines 1–(\d+) of 122/.exec(first) ?? [];
    const body = Number(shownLast);
    expect(body).toBeGreaterThan(10);

    await chat.type(PAGE_DOWN);
    const second = await chat.waitFor(new RegExp(`lines ${body}–${2 * body - 1} of 122`));
    expect(second).not.toContain('ERROR vat.test.ts');
    await chat.type(KEYS.down);
    await chat.waitFor(new RegExp(`lines ${body + 1}–${2 * body} of 122`));
    await chat.type(END);
    const end = await chat.waitFor(new RegExp(`lines ${123 - body}–122 of 122`));
    expect(end).toContain('2 hits · 8 entries searched');
    await chat.type(PAGE_UP);
    await chat.type(KEYS.up);
    await chat.waitFor(new RegExp(`lines ${123 - body - (body - 1) - 1}–`));

    // Typed letters do not reach the prompt while the pager is open.
    await chat.type('x');
    await chat.type('q');
    const closed = await chat.waitFor('Enter send');
    expect(closed).not.toMatch(/lines \d+–\d+ of 122/);
    expect(closed).not.toMatch(/^ › x/m);
    // Closed, the output is in the transcript, whole: its head as well as its tail.
    expect(closed).toContain('q8k41vb2  log');
    expect(closed).toContain('(346 of 400)');

    // An output that fits is a plain notice: no pager, and the keys go to the prompt.
    await chat.send('/note hi');
    expect(await chat.waitFor('noted as n-7')).not.toContain('q or Esc closes');
    await chat.type('x');
    await chat.waitFor(/› x/);
  });

  it('pages a long table (/help, /pressure) the same way, Esc closing it', async () => {
    const rows = [
      ['command or key', 'what it does'],
      ...Array.from({ length: 60 }, (_, i) => [`/cmd${i}`, `does ${i}`]),
    ];
    const controller = scriptedController({
      commands: { '/pressure': { kind: 'table', title: 'pressure', rows } },
    });
    chat = renderChat(controller);
    await chat.send('/pressure');
    const first = await chat.waitFor(/lines 1–\d+ of 62/);
    expect(first).toContain('command or key  what it does');
    expect(first).toContain('/cmd0');
    await chat.type(KEYS.esc);
    await chat.waitFor('Enter send');
    expect(chat.frame()).not.toContain('of 62 ·');
  });
});
