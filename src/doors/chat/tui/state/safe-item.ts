import { terminalSafe } from '../../../kit/terminal-safe.js';
import type { NewItem } from './items.js';

/** Every string of a tool input made terminal-safe (the input is shown, never sent from here). */
function safeValue(value: unknown): unknown {
  if (typeof value === 'string') return terminalSafe(value);
  if (Array.isArray(value)) return value.map(safeValue);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, safeValue(item)]));
  return value;
}

/**
 * An item as the transcript may show it: what the model wrote, a tool read or the store held can
 * carry terminal control sequences, which Ink would pass to the terminal as they are.
 */
export function safeItem(item: NewItem): NewItem {
  switch (item.kind) {
    case 'user':
    case 'assistant':
    case 'thinking':
    case 'notice':
      return { ...item, text: terminalSafe(item.text) };
    case 'tool':
      return {
        ...item,
        name: terminalSafe(item.name),
        input: safeValue(item.input),
        ...(item.output === undefined ? {} : { output: terminalSafe(item.output) }),
        ...(item.display === undefined ? {} : { display: terminalSafe(item.display) }),
      };
    case 'table':
      return {
        ...item,
        title: terminalSafe(item.title),
        rows: item.rows.map((row) => row.map(terminalSafe)),
      };
  }
}
