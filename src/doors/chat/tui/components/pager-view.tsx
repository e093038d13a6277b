import { Box, Text } from 'ink';
import { integer } from '../../../../core/format/index.js';
import type { PageLayout } from '../layout.js';

/** The keys the pager answers to, as its status line says them. */
export const PAGER_KEYS = '↑↓ PgUp PgDn Home End · q or Esc closes';

/**
 * A command's output read a screen at a time: the command, `body` rows of its output from `top`,
 * and where they are in it. Each row is one screen row already (layout cut the lines to the width).
 */
export function PagerView({ page }: { page: PageLayout }) {
  const shown = page.rows.slice(page.top, page.top + page.body);
  const first = page.rows.length === 0 ? 0 : page.top + 1;
  const last = page.top + shown.length;
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text color="cyan" bold wrap="truncate-end">
        {`› ${page.title}`}
      </Text>
      <Box flexDirection="column" height={page.body}>
        {shown.map((row, i) => (
          <Text key={page.top + i} wrap="truncate-end">
            {row === '' ? ' ' : row}
          </Text>
        ))}
      </Box>
      <Text color="gray" wrap="truncate-end">
        {`lines ${integer(first)}–${integer(last)} of ${integer(page.rows.length)} · ${PAGER_KEYS}`}
      </Text>
    </Box>
  );
}
