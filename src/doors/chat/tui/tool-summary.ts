import { integer } from '../../../core/format/index.js';
import { oneLine } from './format.js';
import type { ToolItem } from './state/items.js';

/** Input fields that say the most about a call, tried in order for the one-line view. */
const KEY_FIELDS = ['command', 'pattern', 'query', 'q', 'file_path', 'path', 'id', 'url', 'text'];

/** A tool call's input in a few words: its telling field, or compact JSON. */
export function shortInput(input: unknown, max = 60): string {
  if (input === undefined || input === null) return '';
  if (typeof input === 'string') return oneLine(input, max);
  if (typeof input !== 'object') return oneLine(JSON.stringify(input) ?? '', max);
  const record = input as Record<string, unknown>;
  for (const key of KEY_FIELDS) {
    const value = record[key];
    if (typeof value === 'string' && value !== '') return oneLine(value, max);
  }
  return oneLine(JSON.stringify(input), max);
}

/** What came back, in a few words: lines and characters, or the first line of an error. */
export function resultSummary(tool: ToolItem): string {
  switch (tool.status) {
    case 'running':
      return tool.approval === undefined
        ? 'running…'
        : `running (${tool.approval === 'always' ? 'approved for this session' : 'approved'})…`;
    case 'denied':
      return 'denied';
    case 'error':
      return `error: ${oneLine(tool.output ?? '', 60)}`;
    case 'ok': {
      const output = tool.output ?? '';
      const lines = output === '' ? 0 : output.split('\n').length;
      return `${integer(lines)} line${lines === 1 ? '' : 's'}, ${integer(output.length)} chars`;
    }
  }
}
