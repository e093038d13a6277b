import type { Form } from '../../../core/garden/index.js';
import { blockText, contentBlocks } from '../../../core/transcript/index.js';
import type { Block, MessageParam } from '../../../core/transcript/index.js';
import { findNeedles, usedText } from '../needles.js';
import { blockForms, type BlockForms, type ToolCall } from '../oracle/forms.js';
import { arrivalForm, assignNeedles, demotions, type OracleBlock } from '../oracle/plan.js';
import type { Strategy } from '../types.js';
import { recordedRequest, toolResultPositions, withMessages } from './context.js';
import { CALL_GAP_MS } from '../cost.js';
import { createProxySend } from '../proxy-send.js';

/** An event compacts down to this share of the window (the oracle never goes over it otherwise). */
export const ORACLE_TARGET_SHARE = 0.5;

interface Tracked extends OracleBlock, BlockForms {
  form: Form;
  index: number;
}

/**
 * `oracle` (docs/BENCH.md: a bound, not a peer): gardener's own summaries and stubs, placed knowing the
 * future. Each tool result takes, when it arrives, the cheapest form that still shows every needle
 * it alone holds at its later use (stub, summary or original), so the context only grows at its
 * end and the cache is never rewritten; when the window would overflow, one event shortens, oldest
 * first, what no later call needs, then what its summary still covers, down to half the window.
 * The agent's own messages stay as they are (shortening them would rewrite the cache each call).
 * Its requests go out as gardener's do, breakpoints placed by the proxy door's cache track.
 */
export const oracleStrategy: Strategy = {
  name: 'oracle',
  start(session, options) {
    const { transcript } = session;
    const tokenizer = options.meter.tokenizer;
    const needles = findNeedles(transcript, { isToolResult: session.isToolResult });
    const calls = new Map<string, ToolCall>();
    const verbatim: Array<{ message: number; text: string }> = [];
    transcript.messages.forEach((message, m) => {
      contentBlocks(message).forEach((block, b) => {
        if (block.type === 'tool_use')
          calls.set(block.id, { name: block.name, input: (block.input ?? {}) as Record<string, unknown> });
        if (message.role === 'user' && session.isToolResult(m, b)) return;
        const text = usedText(block);
        if (text !== '') verbatim.push({ message: m, text });
      });
    });
    const positions = toolResultPositions(session).map((p) => {
      const block = contentBlocks(transcript.messages[p.messageIndex] as MessageParam)[p.blockIndex] as Block;
      return { ...p, key: `${p.messageIndex}:${p.blockIndex}`, message: p.messageIndex, block };
    });
    const owned = assignNeedles(
      needles,
      positions.map((p) => ({ ...p, text: blockText(p.block) })),
      verbatim,
    );
    const tracked: Tracked[] = [];
    const byMessage = new Map<number, Tracked[]>();
    const rendered = new Map<number, { signature: string; message: MessageParam }>();
    let next = 0;
    const proxy = createProxySend(tokenizer);

    const renderMessage = (m: number): MessageParam => {
      const original = transcript.messages[m] as MessageParam;
      const blocks = byMessage.get(m);
      if (!blocks || blocks.every((b) => b.form === 'original')) return original;
      const signature = blocks.map((b) => b.form).join(',');
      const cached = rendered.get(m);
      if (cached?.signature === signature) return cached.message;
      let message: MessageParam;
      if (typeof original.content === 'string') {
        const only = blocks[0] as Tracked;
        message = { ...original, content: blockText(only.blocks[only.form] as Block) };
      } else {
        const content = [...original.content] as Block[];
        for (const b of blocks) content[b.index] = b.blocks[b.form] as Block;
        message = { ...original, content } as MessageParam;
      }
      rendered.set(m, { signature, message });
      return message;
    };

    return {
      context(call) {
        const end = session.calls[call]?.messageIndex ?? transcript.messages.length;
        for (; next < positions.length && (positions[next]?.message ?? end) < end; next++) {
          const p = positions[next] as (typeof positions)[number];
          const toolUseId = p.block.type === 'tool_result' ? p.block.tool_use_id : undefined;
          const forms = blockForms(p.block, toolUseId ? calls.get(toolUseId) : undefined, tokenizer);
          const mine = owned.get(p.key) ?? [];
          const block: Tracked = {
            key: p.key,
            message: p.message,
            index: p.blockIndex,
            needles: mine,
            ...forms,
            form: arrivalForm(mine, forms.summaryText, forms.tokens),
          };
          tracked.push(block);
          byMessage.set(p.message, [...(byMessage.get(p.message) ?? []), block]);
        }
        const render = () =>
          withMessages(
            session,
            transcript.messages.slice(0, end).map((_, m) => renderMessage(m)),
          );
        let request = render();
        let events = 0;
        const tokens = options.meter.request(request);
        if (tokens > options.window) {
          const need = tokens - ORACLE_TARGET_SHARE * options.window;
          const steps = demotions(tracked, call, need);
          const byKey = new Map(tracked.map((b) => [b.key, b]));
          for (const step of steps) {
            const block = byKey.get(step.key);
            if (block) block.form = step.to;
          }
          if (steps.length) {
            events = 1;
            request = render();
          }
        }
        const { marks } = proxy.send(request, recordedRequest(session, call), call * CALL_GAP_MS);
        return { request, events, marks };
      },
      close() {},
    };
  },
};
