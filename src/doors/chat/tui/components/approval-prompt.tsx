import { Box, Text } from 'ink';
import type { ApprovalRequest } from '../../agent/events.js';
import { DiffView } from './diff-view.js';

/**
 * Asks before a mutating tool or bash runs: what it will do, its diff (cut to fit the screen, so the
 * keys and the prompt stay in view: layout.ts), and the three keys.
 */
export function ApprovalPrompt({ request, diffLines }: { request: ApprovalRequest; diffLines: number }) {
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1}>
      <Text>
        {request.summary.startsWith(request.name) ? (
          <Text bold color="yellow">
            {request.summary}
          </Text>
        ) : (
          <>
            <Text bold color="yellow">
              {request.name}
            </Text>{' '}
            {request.summary}
          </>
        )}
      </Text>
      {request.diff ? <DiffView diff={request.diff} maxLines={diffLines} /> : null}
      <Text>
        Allow? <Text bold>y</Text> once · <Text bold>a</Text> always this session · <Text bold>n</Text> no
      </Text>
    </Box>
  );
}
