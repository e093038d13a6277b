import { mentionSet } from '../../names/index.js';
import type { View } from './view.js';

/** Messages that count as "the recent turns" for the reference bonus. */
export const RECENT_MESSAGES = 6;

/**
 * Words of what the user and the agent said recently: typed text, assistant text and tool call
 * inputs of the last RECENT_MESSAGES messages. Tool output is left out: a long log mentions
 * everything, which would make every block "referenced".
 */
export function recentMentions(view: View): Set<string> {
  const texts: string[] = [];
  for (const message of view.messages.slice(-RECENT_MESSAGES)) {
    for (const slot of message.slots) {
      const block = slot.block;
      if (block.type === 'text' && (slot.typed || message.role === 'assistant')) texts.push(block.text);
      else if (block.type === 'tool_use') texts.push(JSON.stringify(block.input ?? {}));
    }
  }
  return mentionSet(texts);
}

/** The text the user typed in the newest message ('' when it holds none). */
export function newestTypedText(view: View): string {
  const last = view.messages[view.messages.length - 1];
  if (!last || last.role !== 'user') return '';
  return last.slots
    .filter((s) => s.typed && s.block.type === 'text')
    .map((s) => s.text)
    .join('\n');
}

/** The most recent text the user typed anywhere in the transcript. */
export function latestTypedText(view: View): string {
  for (let m = view.messages.length - 1; m >= 0; m--) {
    const typed = view.messages[m]?.slots.filter((s) => s.typed).map((s) => s.text) ?? [];
    if (typed.length > 0) return typed.join('\n');
  }
  return '';
}
