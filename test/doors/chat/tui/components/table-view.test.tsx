import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { TableView } from '../../../../../src/doors/chat/tui/components/table-view.js';
import { isNumeric } from '../../../../../src/doors/chat/tui/table-lines.js';
import { plain } from '../support/render-chat.js';

describe('TableView', () => {
  it('reads figures as numbers, words as text', () => {
    for (const cell of ['1,234', '12.5k', '78%', '$0.41', '0.62×', '-3', '1.5M'])
      expect(isNumeric(cell), cell).toBe(true);
    for (const cell of ['log', 'v1.2.3', '', 'n-7', '12 blocks']) expect(isNumeric(cell), cell).toBe(false);
  });

  it('right-aligns numeric columns, header included, and leaves text columns left', () => {
    const rows = [
      ['class', 'form', 'tokens', 'ratio'],
      ['log', 'summary', '12,000', '0.13×'],
      ['structured', 'original', '900', '1×'],
    ];
    expect(plain(render(<TableView title="pressure" rows={rows} />).lastFrame())).toMatchInlineSnapshot(`
      "pressure
      class       form      tokens  ratio
      log         summary   12,000  0.13×
      structured  original     900     1×"
    `);
  });
});
