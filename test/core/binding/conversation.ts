import fc from 'fast-check';
import {
  bindProduced,
  checkRequest,
  createBindingStore,
  type BindingCheck,
  type BindingStore,
} from '../../../src/core/binding/index.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- request bodies as the wire has them
export type Json = any;

/** How one assistant turn and the user's answer look. */
export interface TurnShape {
  /** Thinking blocks in the reply: none, one up front, or one more between two tool calls. */
  thinking: 0 | 1 | 2;
  text: boolean;
  /** A typed user text after the tool results. */
  userText: boolean;
  /** A mid-conversation system message after the user's turn. */
  system: boolean;
}

export const turnShape: fc.Arbitrary<TurnShape> = fc.record({
  thinking: fc.constantFrom(0 as const, 1 as const, 1 as const, 2 as const),
  text: fc.boolean(),
  userText: fc.boolean(),
  system: fc.boolean(),
});

export const TOOLS = [
  { name: 'bash', description: 'Run a command', input_schema: { type: 'object', properties: {} } },
  { name: 'read', description: 'Read a file', input_schema: { type: 'object', properties: {} } },
];

/** The reply the model produces on turn `t`. */
function reply(t: number, shape: TurnShape): Json[] {
  const think = (n: number) => ({ type: 'thinking', thinking: `plan ${t}.${n}`, signature: `sig-${t}-${n}` });
  const call = (n: number) => ({
    type: 'tool_use',
    id: `toolu_${t}_${n}`,
    name: 'bash',
    input: { command: `ls ${t}` },
  });
  const content: Json[] = [];
  if (shape.thinking > 0) content.push(think(0));
  if (shape.text) content.push({ type: 'text', text: `Looking at step ${t}.` });
  content.push(call(0));
  if (shape.thinking > 1) content.push(think(1), call(1));
  return content;
}

function answer(t: number, content: Json[], shape: TurnShape): Json[] {
  const results = content
    .filter((block) => block.type === 'tool_use')
    .map((block) => ({
      type: 'tool_result',
      tool_use_id: block.id,
      content: `output of ${block.id}\n`.repeat(3),
    }));
  const messages: Json[] = [
    { role: 'user', content: shape.userText ? [...results, { type: 'text', text: `note ${t}` }] : results },
  ];
  if (shape.system) messages.push({ role: 'system', content: `reminder ${t}` });
  return messages;
}

export interface Conversation {
  /** The last request: every turn sent back as produced. */
  request: Json;
  store: BindingStore;
  /** The check of every request on the way (all should pass). */
  checks: BindingCheck[];
}

export interface ConverseOptions {
  store?: BindingStore;
  /** The history to go on from (default: one user prompt). */
  messages?: Json[];
  /** Number of the first turn (signatures and ids are unique per turn). */
  from?: number;
}

/** Runs a conversation: each request is checked, each reply bound, then appended and answered. */
export function converse(shapes: readonly TurnShape[], options: ConverseOptions = {}): Conversation {
  const store = options.store ?? createBindingStore();
  const messages: Json[] = structuredClone(
    options.messages ?? [{ role: 'user', content: [{ type: 'text', text: 'Fix the build.' }] }],
  );
  const base = {
    model: 'claude-opus-5-5',
    system: [{ type: 'text', text: 'You are careful.' }],
    tools: TOOLS,
  };
  const checks: BindingCheck[] = [];
  shapes.forEach((shape, n) => {
    const t = n + (options.from ?? 0);
    const request = structuredClone({ ...base, messages });
    checks.push(checkRequest(request, store));
    const content = reply(t, shape);
    bindProduced(request, content, store);
    messages.push({ role: 'assistant', content }, ...answer(t, content, shape));
  });
  return { request: structuredClone({ ...base, messages }), store, checks };
}

/** Paths of the request's thinking blocks, in order. */
export function thinkingPaths(request: Json): string[] {
  const paths: string[] = [];
  request.messages.forEach((message: Json, i: number) => {
    if (Array.isArray(message.content))
      message.content.forEach((block: Json, j: number) => {
        if (block.type === 'thinking' || block.type === 'redacted_thinking')
          paths.push(`messages.${i}.content.${j}`);
      });
  });
  return paths;
}

/** The request without the thinking blocks `drop` says to remove (by their order among thinking blocks). */
export function withoutThinking(request: Json, drop: (n: number, total: number) => boolean): Json {
  const total = thinkingPaths(request).length;
  let n = 0;
  const copy = structuredClone(request);
  for (const message of copy.messages)
    if (Array.isArray(message.content))
      message.content = message.content.filter((block: Json) => {
        if (block.type !== 'thinking') return true;
        return !drop(n++, total);
      });
  return copy;
}
