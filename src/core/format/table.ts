/** Lays out rows as a text table: first column left-aligned, the others right-aligned, a rule under the header. */
export function textTable(
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  emphasize = (s: string) => s,
): string {
  const widths = header.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ''))));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === 0 ? pad(cell, widths[i] ?? 0, 'end') : pad(cell, widths[i] ?? 0, 'start')))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  return [emphasize(line(header)), rule, ...rows.map(line)].join('\n');
}

function width(text: string): number {
  return [...text].length;
}

function pad(text: string, to: number, side: 'start' | 'end'): string {
  const fill = ' '.repeat(Math.max(0, to - width(text)));
  return side === 'start' ? fill + text : text + fill;
}
