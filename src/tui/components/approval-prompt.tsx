import { Box, Text } from 'ink';
import type { ApprovalRequest } from '../../agent/events.js';
import { DiffView } from './diff-view.js';

/** Lines of the diff an approval shows. */
const APPROVAL_DIFF_LINES = 30;

/** Asks before a mutating tool or bash runs: what it will do, its diff, and the three keys. */
export function ApprovalPrompt({ request }: { request: ApprovalRequest }) {
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
      {request.diff ? <DiffView diff={request.diff} maxLines={APPROVAL_DIFF_LINES} /> : null}
      <Text>
        Allow? <Text bold>y</Text> once · <Text bold>a</Text> always this session · <Text bold>n</Text> no
      </Text>
    </Box>
  );
}
