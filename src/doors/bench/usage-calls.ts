import { isPlainObject } from '../../core/transcript/index.js';
import { isMessageLine, selectBranch, str, type CcLine } from '../../core/transcript/index.js';
import type { Block, MessageParam } from '../../core/transcript/index.js';

/** What the API billed one call, as Claude Code recorded it. */
export interface RecordedUsage {
  uncached: number;
  read: number;
  written: number;
  written1h: number;
}

/** One API call of a Claude Code session, as it was sent (messages only) and billed. */
export interface UsageCall {
  /** When the answer was logged (ms since the epoch). */
  at: number;
  /** The messages of the request, thinking of earlier turns left out as the API does. */
  messages: MessageParam[];
  /**
   * Per message, its size in the API's tokens when the log knows it: an assistant message sent
   * as it was produced counts its recorded `output_tokens` (its full thinking included).
   */
  sizes: Array<number | undefined>;
  usage: RecordedUsage;
  /** The model the call went to (the API keeps a cache per model). */
  model: string;
  /** Claude Code's working directory when the call was made (its prompt names it). */
  cwd?: string;
  /** The answer held a thinking block: the request had thinking on. */
  thinking: boolean;
}

interface Merged {
  message: MessageParam;
  /** Output tokens of the assistant message(s) merged into it. */
  output?: number;
}

/**
 * The API calls recorded in a Claude Code JSONL log (its main conversation, or with `sidechain` the
 * lines of a subagent's own log), each with the messages Claude Code sent (thinking included: what
 * the API keeps of it depends on the model, withoutOldThinking in fit-rules.ts) and the usage row the API
 * returned. A call is the first line of an assistant message (its `message.id`) that carries
 * `usage`; its request is the conversation up to that line's parent, rebuilt the way the chat is
 * chained (parallel tool results included).
 */
export function usageCalls(text: string, options: { sidechain?: boolean } = {}): UsageCall[] {
  const sidechain = options.sidechain ?? false;
  const lines: CcLine[] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    try {
      const entry: unknown = JSON.parse(raw);
      if (isPlainObject(entry) && (entry['isSidechain'] === true) === sidechain)
        lines.push({ line: i + 1, entry });
    } catch {
      // A torn last line: not a call.
    }
  });
  const byUuid = new Map<string, CcLine>();
  for (const l of lines) {
    const uuid = str(l.entry['uuid']);
    if (uuid !== undefined) byUuid.set(uuid, l);
  }
  const calls: UsageCall[] = [];
  const seen = new Set<string>();
  const answers = answersOf(lines);
  lines.forEach((l, index) => {
    const usage = recordedUsage(l);
    const id = messageIdOf(l);
    if (!usage || id === undefined || seen.has(id)) return;
    seen.add(id);
    if (!byUuid.has(str(l.entry['parentUuid']) ?? '')) return;
    const chosen = selectBranch(lines.slice(0, index), byUuid).lines;
    const merged = mergeLines(chosen, answers.sizes);
    const at = Date.parse(str(l.entry['timestamp']) ?? '');
    if (merged.length === 0 || !Number.isFinite(at)) return;
    const call: UsageCall = {
      at,
      messages: merged.map((m) => m.message),
      sizes: merged.map((m) => m.output),
      usage,
      model: str((l.entry['message'] as Record<string, unknown>)['model']) ?? '',
      thinking: answers.thinking.has(id),
    };
    const cwd = str(l.entry['cwd']);
    if (cwd !== undefined) call.cwd = cwd;
    calls.push(call);
  });
  return calls;
}

/**
 * What the log says of each answer (Claude Code logs each block of an answer on a line of its
 * own): its final output count — from a line that has a stop reason; some versions log only the
 * count at the start of the stream, a handful of tokens, which is no size — and whether it thought.
 */
function answersOf(lines: readonly CcLine[]): { sizes: Map<string, number>; thinking: Set<string> } {
  const sizes = new Map<string, number>();
  const thinking = new Set<string>();
  for (const l of lines) {
    const id = messageIdOf(l);
    const message = l.entry['message'];
    if (id === undefined || !isPlainObject(message)) continue;
    const output = outputTokens(l);
    if (output !== undefined && typeof message['stop_reason'] === 'string') sizes.set(id, output);
    const content = message['content'];
    if (Array.isArray(content) && content.some(isThinking)) thinking.add(id);
  }
  return { sizes, thinking };
}

/** A thinking block (or a redacted one). */
export function isThinking(block: unknown): boolean {
  return isPlainObject(block) && (block['type'] === 'thinking' || block['type'] === 'redacted_thinking');
}

function messageIdOf(l: CcLine): string | undefined {
  const message = l.entry['message'];
  return l.entry['type'] === 'assistant' && isPlainObject(message) ? str(message['id']) : undefined;
}

function outputTokens(l: CcLine): number | undefined {
  const message = l.entry['message'];
  const usage = isPlainObject(message) ? message['usage'] : undefined;
  return isPlainObject(usage) && typeof usage['output_tokens'] === 'number'
    ? usage['output_tokens']
    : undefined;
}

function recordedUsage(l: CcLine): RecordedUsage | undefined {
  const message = l.entry['message'];
  if (l.entry['type'] !== 'assistant' || !isPlainObject(message)) return undefined;
  if (message['model'] === '<synthetic>') return undefined;
  const usage = message['usage'];
  if (!isPlainObject(usage)) return undefined;
  const num = (value: unknown): number => (typeof value === 'number' ? value : 0);
  const creation = usage['cache_creation'];
  return {
    uncached: num(usage['input_tokens']),
    read: num(usage['cache_read_input_tokens']),
    written: num(usage['cache_creation_input_tokens']),
    written1h: isPlainObject(creation) ? num(creation['ephemeral_1h_input_tokens']) : 0,
  };
}

/**
 * Message lines to API messages: consecutive lines of one role are one message. An assistant
 * message is sized when every answer merged into it has a final count.
 */
function mergeLines(chosen: readonly CcLine[], sizes: ReadonlyMap<string, number>): Merged[] {
  const out: Merged[] = [];
  const counted = new Set<string>();
  const unsized = new Set<Merged>();
  for (const l of chosen) {
    if (!isMessageLine(l)) continue;
    const role = l.entry['type'] === 'assistant' ? 'assistant' : 'user';
    const raw = (l.entry['message'] as Record<string, unknown>)['content'];
    const blocks: Block[] =
      typeof raw === 'string'
        ? raw === ''
          ? []
          : [{ type: 'text', text: raw }]
        : Array.isArray(raw)
          ? (raw as Block[])
          : [];
    if (blocks.length === 0) continue;
    let last = out.at(-1);
    if (last?.message.role !== role) out.push((last = { message: { role, content: [] } }));
    (last.message.content as Block[]).push(...blocks);
    const id = messageIdOf(l);
    if (role !== 'assistant' || id === undefined || counted.has(id)) continue;
    counted.add(id);
    const output = sizes.get(id);
    if (output === undefined) unsized.add(last);
    else last.output = (last.output ?? 0) + output;
  }
  for (const m of unsized) delete m.output;
  return out;
}
