import { MESSAGE_OVERHEAD } from '../../../core/tokens/index.js';
import type { MessageParam } from '../../../core/transcript/index.js';
import type { Strategy } from '../types.js';
import { withMessages } from './context.js';

/** Auto-compact fires above this share of the window (Claude Code: 167k of 200k). */
export const SUMMARY_TRIGGER = 0.835;
/** The latest messages that fit in this share of the window are kept verbatim. */
export const SUMMARY_KEEP = 0.1;
/** A summary is this share of what it replaces. */
export const SUMMARY_RATIO = 0.06;

/**
 * `summary`: one-shot LLM compaction, as Claude Code's auto-compact. Above the trigger, everything
 * before the kept tail (the previous summary included) becomes one summary message. The summary's
 * words are an LLM's and unknown here, so it is a placeholder that counts as its fixed size and
 * holds no needle. The kept tail starts at an assistant message so no tool_use / tool_result pair
 * is split.
 */
export const summaryStrategy: Strategy = {
  name: 'summary',
  start(session, options) {
    const { meter, window } = options;
    const messages = session.transcript.messages;
    const fixed = new Map<MessageParam, number>();
    let summary: MessageParam | undefined;
    let keepFrom = 0;
    let count = 0;

    const render = (end: number): MessageParam[] => {
      const tail = messages.slice(keepFrom, end);
      return summary ? [summary, ...tail] : tail;
    };

    const tailStart = (end: number): number | undefined => {
      let tokens = 0;
      let fitting: number | undefined;
      let lastAssistant: number | undefined;
      for (let index = end - 1; index >= keepFrom; index--) {
        const message = messages[index] as MessageParam;
        tokens += meter.message(message).tokens;
        if (message.role !== 'assistant') continue;
        lastAssistant ??= index;
        if (tokens <= window * SUMMARY_KEEP) fitting = index;
      }
      return fitting ?? lastAssistant;
    };

    return {
      context(call) {
        const end = session.calls[call]?.messageIndex ?? messages.length;
        let rendered = withMessages(session, render(end));
        const read = meter.request(rendered, fixed);
        if (read <= window * SUMMARY_TRIGGER) return { request: rendered, events: 0, fixedTokens: fixed };

        const start = tailStart(end);
        if (start === undefined || (start <= keepFrom && summary))
          return { request: rendered, events: 0, fixedTokens: fixed };
        let replaced = summary ? meter.message(summary, fixed).tokens : 0;
        for (let index = keepFrom; index < start; index++)
          replaced += meter.message(messages[index] as MessageParam).tokens;
        if (replaced === 0) return { request: rendered, events: 0, fixedTokens: fixed };

        const written = Math.round(replaced * SUMMARY_RATIO);
        count += 1;
        summary = {
          role: 'user',
          content: `[summary ${count} of the conversation so far: ${replaced} tokens in ${written} tokens]`,
        };
        fixed.set(summary, written + MESSAGE_OVERHEAD);
        keepFrom = start;
        rendered = withMessages(session, render(end));
        return { request: rendered, events: 1, summary: { read, written }, fixedTokens: fixed };
      },
      close() {},
    };
  },
};
