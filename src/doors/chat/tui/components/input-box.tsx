import { Box, Text } from 'ink';
import { cursorPosition, type InputState } from '../state/input.js';

/** The prompt editor: its lines, the cursor as an inverse cell; dim while a turn runs. */
export function InputBox({ input, busy }: { input: InputState; busy: boolean }) {
  const lines = input.text.split('\n');
  const cursor = cursorPosition(input);
  return (
    <Box flexDirection="column" paddingX={1}>
      {lines.map((line, i) => (
        <Text key={i} dimColor={busy}>
          <Text color="cyan">{i === 0 ? '› ' : '  '}</Text>
          {i === cursor.line ? (
            <>
              {line.slice(0, cursor.column)}
              <Text inverse>{line[cursor.column] ?? ' '}</Text>
              {line.slice(cursor.column + 1)}
            </>
          ) : (
            line
          )}
        </Text>
      ))}
    </Box>
  );
}
