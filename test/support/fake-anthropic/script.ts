import { createHash, randomBytes } from 'node:crypto';
import type { RecordedRequest, Reply, ReplySpec, ScriptStep, StandingReply, Usage } from './types.js';

/** The assistant message the fake sends, as the API shapes it. */
export interface Message {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: Array<Record<string, any>>;
  stop_reason: string;
  stop_sequence: null;
  usage: Usage;
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

/** Builds the full message for a reply; records thinking signatures in `issued`. */
export function buildMessage(
  spec: ReplySpec,
  model: string,
  usage: Usage,
  issued: Map<string, string>,
): Message {
  const content = spec.content.map((block) => {
    switch (block.type) {
      case 'text':
        return { type: 'text', text: block.text };
      case 'tool_use':
        return { type: 'tool_use', id: block.id ?? randomId('toolu'), name: block.name, input: block.input };
      case 'thinking': {
        const signature = block.signature ?? signThinking(block.thinking);
        issued.set(signature, block.thinking);
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
  const messages: any[] = Array.isArray(body.messages) ? body.messages : [];
  const last = messages.at(-1);
  let tail = '';
  if (last) {
    const blocks =
      typeof last.content === 'string' ? [{ type: 'text', text: last.content }] : (last.content ?? []);
    tail = blocks
      .map((b: any) => (b.type === 'text' ? JSON.stringify(String(b.text).slice(0, 80)) : b.type))
      .join(', ');
  }
  return `request #${request.index} ${request.method} ${request.path} model=${body.model} messages=${messages.length} last=${last?.role}: ${tail}`;
}
