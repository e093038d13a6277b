import { describe, expect, it } from 'vitest';
import { itemRows, liveLayout, wrappedRows } from '../../../../src/doors/chat/tui/layout.js';
import { chatReducer, initialChat, type ChatState } from '../../../../src/doors/chat/tui/state/chat.js';
import { initialFooter } from '../../../../src/doors/chat/tui/state/footer.js';
import { emptyInput, inputReducer } from '../../../../src/doors/chat/tui/state/input.js';
import { pressureReport } from '../../../support/pressure.js';

const idle = () => initialChat(initialFooter(pressureReport(), { usd: 0, unmanagedUsd: 0 }));
const streaming = (text: string): ChatState =>
  [
    { type: 'submit', text: 'go' } as const,
    { type: 'agent', event: { type: 'text_delta', text } } as const,
  ].reduce(chatReducer, idle());
const typed = (text: string) => inputReducer(emptyInput(), { type: 'insert', text });

describe('wrappedRows', () => {
  it('wraps at word boundaries and cuts words longer than the width', () => {
    expect(wrappedRows('', 10)).toBe(1);
    expect(wrappedRows('one two three', 10)).toBe(2);
    expect(wrappedRows('a\n\nb', 10)).toBe(3);
    expect(wrappedRows('x'.repeat(25), 10)).toBe(3);
    expect(wrappedRows('ab ' + 'x'.repeat(10), 10)).toBe(2);
  });
});

describe('liveLayout', () => {
  it('gives a tall screen the full footer and the live turn all it needs', () => {
    const layout = liveLayout(streaming('a short answer'), emptyInput(), 120, 40);
    expect(layout).toMatchObject({ footer: 'full', clipped: false });
    expect(layout.transcriptRows).toBeGreaterThan(20);
  });

  it('cuts the live turn first, then the footer, so the prompt stays on a 30×10 screen', () => {
    // One line still streaming (complete lines are printed above the live area at once).
    const answer = 'word '.repeat(800);
    const tall = liveLayout(streaming(answer), emptyInput(), 120, 40);
    expect(tall).toMatchObject({ footer: 'full', clipped: true });
    const small = liveLayout(streaming(answer), emptyInput(), 30, 10);
    expect(small.footer).toBe('brief');
    expect(small.clipped).toBe(true);
    // prompt (margin, line, hint) + brief footer (3) + transcript fit within 9 rows
    expect(3 + 3 + small.transcriptRows).toBeLessThanOrEqual(9);
  });

  it('keeps a long prompt whole and leaves the footer one line when nothing else fits', () => {
    const layout = liveLayout(idle(), typed('word '.repeat(30).trim()), 30, 10);
    expect(layout).toMatchObject({ footer: 'line', transcriptRows: 0 });
  });

  it('counts a wrapping legend in the full footer', () => {
    const narrow = liveLayout(idle(), emptyInput(), 40, 20);
    const wide = liveLayout(idle(), emptyInput(), 200, 20);
    expect(narrow.footer).toBe('full');
    expect(wide.footer).toBe('full');
    expect(narrow.transcriptRows).toBeLessThan(wide.transcriptRows);
  });
});

describe('itemRows', () => {
  it('counts a collapsed tool line with its diff, and an expanded one with its output', () => {
    const tool = {
      kind: 'tool' as const,
      id: 1,
      callId: 't',
      name: 'edit',
      input: { path: 'a.ts' },
      status: 'ok' as const,
      output: 'x\ny',
      display: '@@\n-a\n+b',
    };
    expect(itemRows(tool, 80, false, false)).toBe(4);
    expect(itemRows(tool, 80, true, false)).toBeGreaterThan(4);
  });
});

describe('an open approval', () => {
  const diff = [
    '--- a/vat.ts',
    '+++ b/vat.ts',
    '@@ -1 +1 @@',
    ...Array.from({ length: 30 }, (_, i) => `+line ${i}`),
  ];
  const asking = () =>
    chatReducer(idle(), {
      type: 'approval',
      request: { id: 'e1', name: 'edit', input: {}, summary: 'edit vat.ts', diff: diff.join('\n') },
    });

  it('shows as much of its diff as a tall screen leaves it', () => {
    expect(liveLayout(asking(), emptyInput(), 120, 40).approvalDiffLines).toBe(24);
    expect(liveLayout(asking(), emptyInput(), 120, 20).approvalDiffLines).toBe(6);
  });

  it('cuts its diff on a 30×10 screen so its keys, the prompt and the footer line stay in view', () => {
    const layout = liveLayout(asking(), emptyInput(), 30, 10);
    // approval: borders, summary, diff lines, the "more" line, the keys; prompt: margin, line, hint
    const approvalRows = 2 + 1 + layout.approvalDiffLines + 1 + 1;
    expect(approvalRows + 3 + 1).toBeLessThanOrEqual(9);
    expect(layout.footer).toBe('line');
    expect(layout.transcriptRows).toBe(0);
  });
});
