import { Box, Text } from 'ink';
import type { ApprovalRequest } from '../../agent/events.js';
import { terminalSafe } from '../../../kit/terminal-safe.js';
import { DiffView } from './diff-view.js';

/**
 * Asks before a mutating tool or bash runs: what it will do, its diff (cut to fit the screen, so the
 * keys and the prompt stay in view: layout.ts), and the three keys.
 */
export function ApprovalPrompt({ request, diffLines }: { request: ApprovalRequest; diffLines: number }) {
  // What is asked for is shown as it is: a control sequence in a command must not hide part of it.
  const name = terminalSafe(request.name);
  const summary = terminalSafe(request.summary);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1}>
      <Text>
        {summary.startsWith(name) ? (
          <Text bold color="yellow">
            {summary}
          </Text>
        ) : (
          <>
            <Text bold color="yellow">
              {name}
            </Text>{' '}
            {summary}
          </>
        )}
      </Text>
      {request.diff ? <DiffView diff={terminalSafe(request.diff)} maxLines={diffLines} /> : null}
      <Text>
        Allow? <Text bold>y</Text> once · <Text bold>a</Text> always this session · <Text bold>n</Text> no
      </Text>
    </Box>
  );
}
