import { Box, Text } from 'ink';
import { memo } from 'react';
import type { ToolItem } from '../state/items.js';
import { resultSummary, shortInput } from '../tool-summary.js';
import { DiffView } from './diff-view.js';

/** Lines of a diff shown under a collapsed tool line. */
const COLLAPSED_DIFF_LINES = 12;
/** Lines of output shown when a tool line is expanded. */
const EXPANDED_OUTPUT_LINES = 40;

const MARKS: Record<ToolItem['status'], { mark: string; colour: string }> = {
  running: { mark: '◌', colour: 'yellow' },
  ok: { mark: '●', colour: 'green' },
  error: { mark: '✗', colour: 'red' },
  denied: { mark: '⊘', colour: 'red' },
};

/** A tool call on one line (name, short input, result size or status); expanded, its input and output. */
export const ToolLine = memo(function ToolLine({ tool, expanded }: { tool: ToolItem; expanded: boolean }) {
  const { mark, colour } = MARKS[tool.status];
  const output = (tool.output ?? '').split('\n');
  const input = shortInput(tool.input);
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text color={colour}>{mark}</Text> <Text bold>{tool.name}</Text>
        {input === '' ? '' : <Text color="gray"> {input}</Text>}
        <Text color={tool.status === 'ok' ? 'gray' : colour}> → {resultSummary(tool)}</Text>
      </Text>
      {expanded ? (
        <Box flexDirection="column" paddingLeft={2}>
          <Text color="gray">input {JSON.stringify(tool.input, null, 2) ?? '(none)'}</Text>
          {tool.output === undefined ? null : (
            <Text>
              {output.slice(0, EXPANDED_OUTPUT_LINES).join('\n')}
              {output.length > EXPANDED_OUTPUT_LINES
                ? `\n… ${output.length - EXPANDED_OUTPUT_LINES} more lines`
                : ''}
            </Text>
          )}
        </Box>
      ) : null}
      {tool.display ? (
        <DiffView
          diff={tool.display}
          {...(expanded ? {} : { maxLines: COLLAPSED_DIFF_LINES, more: ' (Ctrl+O)' })}
        />
      ) : null}
    </Box>
  );
});
