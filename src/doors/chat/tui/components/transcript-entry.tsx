import { Box, Text } from 'ink';
import { memo } from 'react';
import type { TranscriptItem } from '../state/items.js';
import { TableView } from './table-view.js';
import { ToolLine } from './tool-line.js';

const TONES = { info: 'white', warn: 'yellow', error: 'red' } as const;

/** One transcript item: a prompt, the model's text, thinking (dim, one line unless shown), a tool call, a table, a notice. */
export const TranscriptEntry = memo(function TranscriptEntry({
  item,
  expanded,
  showThinking,
}: {
  item: TranscriptItem;
  expanded: boolean;
  showThinking: boolean;
}) {
  switch (item.kind) {
    case 'user':
      return (
        <Box marginTop={1}>
          <Text color="cyan" bold>
            {'› '}
          </Text>
          <Text>{item.text}</Text>
        </Box>
      );
    case 'assistant':
      return <Text>{item.text === '' ? ' ' : item.text}</Text>;
    case 'thinking':
      return showThinking ? (
        <Text dimColor italic>
          ✻ {item.text}
        </Text>
      ) : (
        <Text dimColor italic wrap="truncate-end">
          ✻ thinking ({item.text.length} chars, Ctrl+T shows)
        </Text>
      );
    case 'tool':
      return <ToolLine tool={item} expanded={expanded || item.full === true} />;
    case 'table':
      return <TableView title={item.title} rows={item.rows} />;
    case 'notice':
      return <Text color={TONES[item.tone]}>{item.tone === 'info' ? item.text : `⚠ ${item.text}`}</Text>;
  }
});
