import { Box, Text } from 'ink';
import { tableRows } from '../table-lines.js';

/** A slash command's table: header row bold, numbers right-aligned, columns two spaces apart. */
export function TableView({ title, rows }: { title: string; rows: string[][] }) {
  return (
    <Box flexDirection="column">
      <Text bold>{title}</Text>
      {tableRows(rows).map((line, i) => (
        <Text key={i} bold={i === 0}>
          {line}
        </Text>
      ))}
    </Box>
  );
}
