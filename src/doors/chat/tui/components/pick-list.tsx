import { Box, Text } from 'ink';
import { terminalSafe } from '../../../kit/terminal-safe.js';
import type { PickState } from '../state/chat.js';

/** Items shown around the selection. */
const VISIBLE = 10;

/** A list to choose from with ↑/↓, Enter to pick, Esc to cancel (e.g. /resume without an id). */
export function PickList({ pick }: { pick: PickState }) {
  const start = Math.max(0, Math.min(pick.index - Math.floor(VISIBLE / 2), pick.items.length - VISIBLE));
  const shown = pick.items.slice(start, start + VISIBLE);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1}>
      <Text bold>{terminalSafe(pick.title)}</Text>
      {shown.map((item, i) => {
        const selected = start + i === pick.index;
        return (
          <Text key={start + i} color={selected ? 'cyan' : undefined} wrap="truncate-end">
            {selected ? '❯ ' : '  '}
            {terminalSafe(item.label)}
          </Text>
        );
      })}
      <Text color="gray">↑/↓ move · Enter pick · Esc cancel</Text>
    </Box>
  );
}
