import { Box, Text } from 'ink';

function colourOf(line: string): string | undefined {
  if (line.startsWith('+++') || line.startsWith('---')) return 'gray';
  if (line.startsWith('+')) return 'green';
  if (line.startsWith('-')) return 'red';
  if (line.startsWith('@@')) return 'cyan';
  return undefined;
}

/** A unified diff, coloured by line, cut to `maxLines` (saying how to see the rest, when there is a way). */
export function DiffView({ diff, maxLines, more = '' }: { diff: string; maxLines?: number; more?: string }) {
  const lines = diff.replace(/\n$/, '').split('\n');
  const shown = maxLines === undefined ? lines : lines.slice(0, maxLines);
  return (
    <Box flexDirection="column" paddingLeft={2}>
      {shown.map((line, i) => (
        <Text key={i} color={colourOf(line)}>
          {line === '' ? ' ' : line}
        </Text>
      ))}
      {shown.length < lines.length ? (
        <Text color="gray">
          … {lines.length - shown.length} more lines{more}
        </Text>
      ) : null}
    </Box>
  );
}
