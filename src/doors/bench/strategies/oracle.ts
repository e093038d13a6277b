import { blockForms } from '../../../core/garden/index.js';
import type { BlockForms, Form, ToolCall } from '../../../core/garden/constants.js';
import { blockText, contentBlocks } from '../../../core/transcript/index.js';
import type { Block, MessageParam } from '../../../core/transcript/index.js';
import { findNeedles, usedText } from '../needles.js';
import { arrivalForm, assignNeedles, demotions, type OracleBlock } from '../oracle/plan.js';
import type { BenchSession, Strategy, StrategyOptions } from '../types.js';
import { recordedRequest, toolResultPositions, withMessages } from './context.js';
import { CALL_GAP_MS } from '../cost.js';
import { createProxySend } from '../proxy-send.js';

/** An event compacts down to this share of the window (the oracle never goes over it otherwise). */
export const ORACLE_TARGET_SHARE = 0.5;

interface Tracked extends OracleBlock, BlockForms {
  form: Form;
  index: number;
}

/** A tool result of the session, where it is and its block. */
interface Position {
  key: string;
  message: number;
  messageIndex: number;
  blockIndex: number;
  block: Block;
}

/** What the oracle knows of the whole session before the first call, and what it tracks as calls go. */
interface OracleRun {
  session: BenchSession;
  tokenizer: StrategyOptions['meter']['tokenizer'];
  /** The tool calls by tool_use id. */
  calls: Map<string, ToolCall>;
  positions: Position[];
  /** The needles each tool result alone holds at their later use, by position key. */
  owned: ReturnType<typeof assignNeedles>;
  tracked: Tracked[];
  byMessage: Map<number, Tracked[]>;
  rendered: Map<number, { signature: string; message: MessageParam }>;
  /** The next position not tracked yet. */
  next: number;
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
    const run = oracleRun(session, options);
    const proxy = createProxySend(run.tokenizer);
    return {
      context(call) {
        const end = session.calls[call]?.messageIndex ?? session.transcript.messages.length;
        admitArrivals(run, end);
        const render = () =>
          withMessages(
            session,
            session.transcript.messages.slice(0, end).map((_, m) => renderMessage(run, m)),
          );
        let request = render();
        let events = 0;
        const tokens = options.meter.request(request);
        if (tokens > options.window && demote(run, call, tokens - ORACLE_TARGET_SHARE * options.window)) {
          events = 1;
          request = render();
        }
        const { marks } = proxy.send(request, recordedRequest(session, call), call * CALL_GAP_MS);
        return { request, events, marks };
      },
      close() {},
    };
  },
};

/** Reads the session once: its calls, the text every later call uses, and which needles each result owns. */
function oracleRun(session: BenchSession, options: StrategyOptions): OracleRun {
  const { transcript } = session;
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
  return {
    session,
    tokenizer: options.meter.tokenizer,
    calls,
    positions,
    owned,
    tracked: [],
    byMessage: new Map(),
    rendered: new Map(),
    next: 0,
  };
}

/** Tracks the tool results that arrived before message `end`, each in its arrival form. */
function admitArrivals(run: OracleRun, end: number): void {
  const { positions } = run;
  for (; run.next < positions.length && (positions[run.next]?.message ?? end) < end; run.next++) {
    const p = positions[run.next] as Position;
    const toolUseId = p.block.type === 'tool_result' ? p.block.tool_use_id : undefined;
    const forms = blockForms(p.block, toolUseId ? run.calls.get(toolUseId) : undefined, run.tokenizer);
    const mine = run.owned.get(p.key) ?? [];
    const block: Tracked = {
      key: p.key,
      message: p.message,
      index: p.blockIndex,
      needles: mine,
      ...forms,
      form: arrivalForm(mine, forms.summaryText, forms.tokens),
    };
    run.tracked.push(block);
    run.byMessage.set(p.message, [...(run.byMessage.get(p.message) ?? []), block]);
  }
}

/** One event: the demotions that free `need` tokens at this call; false when there are none. */
function demote(run: OracleRun, call: number, need: number): boolean {
  const steps = demotions(run.tracked, call, need);
  const byKey = new Map(run.tracked.map((b) => [b.key, b]));
  for (const step of steps) {
    const block = byKey.get(step.key);
    if (block) block.form = step.to;
  }
  return steps.length > 0;
}

/** Message `m` with each tracked block in its current form (the same object while the forms stay). */
function renderMessage(run: OracleRun, m: number): MessageParam {
  const original = run.session.transcript.messages[m] as MessageParam;
  const blocks = run.byMessage.get(m);
  if (!blocks || blocks.every((b) => b.form === 'original')) return original;
  const signature = blocks.map((b) => b.form).join(',');
  const cached = run.rendered.get(m);
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
  run.rendered.set(m, { signature, message });
  return message;
}
