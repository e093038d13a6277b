/** A cell that reads as a number (1,234 · 12.5k · 78% · $0.41 · 0.62×) is right-aligned. */
const NUMERIC = /^[-+−]?\$?[\d,]*\.?\d+\s*[%kKMx×]?$/;

export function isNumeric(cell: string): boolean {
  return NUMERIC.test(cell.trim());
}

/** A table's rows as lines: columns two spaces apart, numbers right-aligned, header row first. */
export function tableRows(rows: readonly string[][]): string[] {
  const columns = Math.max(0, ...rows.map((r) => r.length));
  const widths = Array.from({ length: columns }, (_, i) =>
    Math.max(...rows.map((r) => [...(r[i] ?? '')].length)),
  );
  const numericColumn = widths.map((_, i) => rows.slice(1).some((r) => isNumeric(r[i] ?? '')));
  return rows.map((row) =>
    widths
      .map((w, i) => {
        const cell = row[i] ?? '';
        const fill = ' '.repeat(w - [...cell].length);
        return numericColumn[i] && (isNumeric(cell) || cell === '' || row === rows[0])
          ? fill + cell
          : cell + fill;
      })
      .join('  ')
      .trimEnd(),
  );
}

/** A table as the transcript shows it: its title, then its rows. */
export function tableLines(title: string, rows: readonly string[][]): string[] {
  return [title, ...tableRows(rows)];
}
