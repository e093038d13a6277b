import { Box, Text } from 'ink';

/** A cell that reads as a number (1,234 · 12.5k · 78% · $0.41 · 0.62×) is right-aligned. */
const NUMERIC = /^[-+−]?\$?[\d,]*\.?\d+\s*[%kKMx×]?$/;

export function isNumeric(cell: string): boolean {
  return NUMERIC.test(cell.trim());
}

/** A slash command's table: header row bold, numbers right-aligned, columns two spaces apart. */
export function TableView({ title, rows }: { title: string; rows: string[][] }) {
  const columns = Math.max(0, ...rows.map((r) => r.length));
  const widths = Array.from({ length: columns }, (_, i) =>
    Math.max(...rows.map((r) => [...(r[i] ?? '')].length)),
  );
  const numericColumn = widths.map((_, i) => rows.slice(1).some((r) => isNumeric(r[i] ?? '')));
  const line = (row: string[]) =>
    widths
      .map((w, i) => {
        const cell = row[i] ?? '';
        const fill = ' '.repeat(w - [...cell].length);
        return numericColumn[i] && (isNumeric(cell) || cell === '' || row === rows[0])
          ? fill + cell
          : cell + fill;
      })
      .join('  ')
      .trimEnd();
  return (
    <Box flexDirection="column">
      <Text bold>{title}</Text>
      {rows.map((row, i) => (
        <Text key={i} bold={i === 0}>
          {line(row)}
        </Text>
      ))}
    </Box>
  );
}
