import { Box, Text } from 'ink';
import type { ApprovalRequest } from '../../agent/events.js';
import { DiffView } from './diff-view.js';

/** Lines of the diff an approval shows at least, and the screen rows it leaves to the rest. */
const MIN_DIFF_LINES = 6;
const OTHER_ROWS = 16;

/**
 * Asks before a mutating tool or bash runs: what it will do, its diff (cut to fit the screen, so the
 * keys stay in view), and the three keys.
 */
export function ApprovalPrompt({ request, rows }: { request: ApprovalRequest; rows: number }) {
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
      {request.diff ? (
        <DiffView diff={request.diff} maxLines={Math.max(MIN_DIFF_LINES, rows - OTHER_ROWS)} />
      ) : null}
      <Text>
        Allow? <Text bold>y</Text> once · <Text bold>a</Text> always this session · <Text bold>n</Text> no
      </Text>
    </Box>
  );
}
