import { createHash, randomBytes } from 'node:crypto';
import type {
  Issued,
  RecordedRequest,
  Reply,
  ReplySpec,
  ScriptStep,
  StandingReply,
  Usage,
  Json,
} from './types.js';

/** The assistant message the fake sends, as the API shapes it. */
export interface Message {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: Array<Record<string, Json>>;
  stop_reason: string;
  stop_sequence: null;
  usage: Usage;
  /** With the binding beta header: the thinking blocks dropped or let through (top level; SSE: message_start). */
  input_transformations?: unknown[];
  /** With `context_management`: the edits applied (top level; SSE: the final message_delta). */
  context_management?: { applied_edits: unknown[] };
}

export function randomId(prefix: string): string {
  return `${prefix}_01${randomBytes(12).toString('base64url')}`;
}

/** A signature that looks like the API's (opaque base64) and is unique to the text. */
export function signThinking(thinking: string): string {
  return (
    createHash('sha256').update('fake-anthropic\u0000').update(thinking).digest('base64') +
    randomBytes(8).toString('base64')
  );
}

export function toSpec(reply: Reply): ReplySpec {
  return typeof reply === 'string' ? { content: [{ type: 'text', text: reply }] } : reply;
}

export function createIssued(): Issued {
  return { thinking: new Map(), redacted: new Set(), thoughtfulToolUses: new Set() };
}

/** Builds the full message for a reply; records what must come back unchanged in `issued`. */
export function buildMessage(spec: ReplySpec, model: string, usage: Usage, issued: Issued): Message {
  const first = spec.content[0]?.type;
  const thoughtful = first === 'thinking' || first === 'redacted_thinking';
  const content = spec.content.map((block) => {
    switch (block.type) {
      case 'text':
        return { type: 'text', text: block.text };
      case 'tool_use': {
        const id = block.id ?? randomId('toolu');
        if (thoughtful) issued.thoughtfulToolUses.add(id);
        return { type: 'tool_use', id, name: block.name, input: block.input };
      }
      case 'redacted_thinking':
        issued.redacted.add(block.data);
        return { type: 'redacted_thinking', data: block.data };
      case 'thinking': {
        const signature = block.signature ?? signThinking(block.thinking);
        issued.thinking.set(signature, block.thinking);
        return { type: 'thinking', thinking: block.thinking, signature };
      }
    }
  });
  const stop = spec.stop_reason ?? (content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
  return {
    id: randomId('msg'),
    type: 'message',
    role: 'assistant',
    model: spec.model ?? model,
    content,
    stop_reason: stop,
    stop_sequence: null,
    usage: { ...usage, ...spec.usage },
  };
}

export interface Picked {
  step?: number;
  standing?: number;
  action: ScriptStep;
}

/** Picks the answer: a matching standing reply first, then the first unused step that accepts. */
export function pickStep(
  script: ScriptStep[],
  used: boolean[],
  standing: StandingReply[],
  request: RecordedRequest,
): Picked | undefined {
  for (const [i, entry] of standing.entries())
    if (entry.match(request)) return { standing: i, action: { reply: entry.reply } };
  for (const [i, step] of script.entries()) {
    if (used[i]) continue;
    if ('match' in step && step.match && !step.match(request)) continue;
    used[i] = true;
    return { step: i, action: step };
  }
  return undefined;
}

/** One line describing a request, for the exhausted-script error. */
export function summarize(request: RecordedRequest): string {
  const body = request.body ?? {};
  const messages: Json[] = Array.isArray(body.messages) ? body.messages : [];
  const last = messages.at(-1);
  let tail = '';
  if (last) {
    const blocks =
      typeof last.content === 'string' ? [{ type: 'text', text: last.content }] : (last.content ?? []);
    tail = blocks
      .map((b: Json) => (b.type === 'text' ? JSON.stringify(String(b.text).slice(0, 80)) : String(b.type)))
      .join(', ');
  }
  return `request #${request.index} ${request.method} ${request.path} model=${body.model} messages=${messages.length} last=${last?.role}: ${tail}`;
}
