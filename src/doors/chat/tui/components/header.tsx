import { Box, Text } from 'ink';
import type { SessionInfo } from '../../agent/controller.js';
import { terminalSafe } from '../../../kit/terminal-safe.js';
import { tokens } from '../format.js';

/** One line on top: session, model, budget, where, and how to get help. */
export function Header({ info }: { info: SessionInfo }) {
  return (
    <Box paddingX={1}>
      <Text wrap="truncate-end">
        <Text bold color="green">
          gardener chat
        </Text>
        <Text color="gray">
          {' '}
          {terminalSafe(
            `· ${info.model} · budget ${tokens(info.budget)} · session ${info.id} · ${info.cwd} · /help`,
          )}
        </Text>
      </Text>
    </Box>
  );
}
