import type { Block, Transcript, TranscriptMeta } from '../types.js';
import { buildTranscript } from './build.js';
import { fileStem, firstPromptTitle, textBlock, toolInput, type DraftMessage } from './draft.js';
import type { FormatImporter, ParseOptions } from './importer.js';
import { isPlainObject, jsonShape, readJson, recordsOf, sniffValues } from './json-input.js';

type Json = Record<string, unknown>;
type Kind = 'system' | 'user' | 'assistant' | 'result' | 'stream' | 'unknown';

/** Sniff scores: the TypeScript SDK's typed messages are unmistakable; Python's dataclass dicts nearly so. */
const SCORE_TYPED = 0.9;
const SCORE_DATACLASS = 0.8;

const TYPED_KINDS: Record<string, Kind> = {
  system: 'system',
  user: 'user',
  assistant: 'assistant',
  result: 'result',
  stream_event: 'stream',
  SystemMessage: 'system',
  UserMessage: 'user',
  AssistantMessage: 'assistant',
  ResultMessage: 'result',
  StreamEvent: 'stream',
};

/**
 * Claude Agent SDK stream messages (TypeScript SDKMessage objects or Python dataclasses as dicts),
 * as JSONL or a JSON array. Only user and assistant
 * messages are kept (system, result and stream events only give the session id and meta); an
 * assistant message with `error` set is skipped; empty text is skipped; thinking is omitted unless
 * `includeThinking` (then kept as text, `meta.hasThinking`); tool_use only from the assistant,
 * tool_result only from the user (others skipped); null tool_result content becomes "".
 * Departures, so no message is lost: the session id is taken from anywhere in the stream (not only
 * before the first message), and messages with `parent_tool_use_id` (subagents) form their own
 * transcripts, because interleaving them would break the parent's tool pairs. User messages marked
 * `isSynthetic` (a compaction summary) or `isReplay` (a local command's output) are kept, as
 * observations (`meta.observations`): the user did not type them, so they are not prompts.
 */
export const agentSdkImporter: FormatImporter = {
  name: 'agent-sdk',
  description: 'Claude Agent SDK message stream (SDKMessage JSONL / JSON array, TypeScript or Python)',
  reads: 'json',
  sniff(text) {
    let score = 0;
    for (const value of sniffValues(jsonShape(text))) score = Math.max(score, recordScore(value));
    return score;
  },
  parse(text, options = {}) {
    const input = readJson(text, options);
    const records = recordsOf(input)
      .map((r) => r.value)
      .filter(isPlainObject);
    const transcripts = fromRecords(records, options);
    if (input.kind === 'lines' && input.skipped > 0)
      for (const t of transcripts) t.meta = { ...t.meta, skipped: input.skipped };
    return transcripts;
  },
};

function recordScore(value: unknown): number {
  if (!isPlainObject(value) || 'role' in value || 'sessionId' in value || 'parentUuid' in value) return 0;
  const type = value['type'];
  if (typeof type === 'string' && TYPED_KINDS[type] !== undefined && typeof value['session_id'] === 'string')
    return SCORE_TYPED;
  if (typeof value['subtype'] === 'string' && isPlainObject(value['data'])) return SCORE_DATACLASS;
  if (typeof value['subtype'] === 'string' && 'duration_ms' in value && 'session_id' in value)
    return SCORE_DATACLASS;
  if (Array.isArray(value['content']) && typeof value['model'] === 'string' && 'parent_tool_use_id' in value)
    return SCORE_DATACLASS;
  return 0;
}

function kindOf(value: Json): Kind {
  const type = value['type'];
  if (typeof type === 'string' && TYPED_KINDS[type] !== undefined) return TYPED_KINDS[type];
  if (typeof value['subtype'] === 'string' && isPlainObject(value['data'])) return 'system';
  if (typeof value['subtype'] === 'string' && 'duration_ms' in value) return 'result';
  if ('event' in value && 'session_id' in value) return 'stream';
  if ('content' in value) return typeof value['model'] === 'string' ? 'assistant' : 'user';
  return 'unknown';
}

function sessionIdOf(value: Json, kind: Kind): string | undefined {
  if (kind === 'system') {
    const data = isPlainObject(value['data']) ? value['data'] : value;
    if (data['subtype'] === 'init' || value['subtype'] === 'init') {
      const id = data['session_id'] ?? value['session_id'];
      if (typeof id === 'string' && id !== '') return id;
    }
    return undefined;
  }
  const id = value['session_id'];
  return typeof id === 'string' && id !== '' ? id : undefined;
}

interface Group {
  messages: DraftMessage[];
  /** Texts of user messages the user did not type (isSynthetic: a compaction summary; isReplay: a command's output). */
  untyped: Set<string>;
  hasThinking: boolean;
  model?: string;
}

function fromRecords(records: Json[], options: ParseOptions): Transcript[] {
  let initId: string | undefined;
  let otherId: string | undefined;
  const meta: TranscriptMeta = {};
  const groups = new Map<string, Group>();
  let erroredSkipped = 0;
  for (const record of records) {
    const kind = kindOf(record);
    const id = sessionIdOf(record, kind);
    if (kind === 'system' && id !== undefined) initId ??= id;
    else if (id !== undefined) otherId ??= id;
    if (kind === 'system') noteInit(record, meta);
    if (kind === 'result') noteResult(record, meta);
    if (kind !== 'user' && kind !== 'assistant') continue;
    const message = isPlainObject(record['message']) ? record['message'] : record;
    if (kind === 'assistant' && record['error'] !== undefined && record['error'] !== null) {
      erroredSkipped += 1;
      continue;
    }
    const parent = typeof record['parent_tool_use_id'] === 'string' ? record['parent_tool_use_id'] : '';
    const group = groups.get(parent) ?? { messages: [], untyped: new Set<string>(), hasThinking: false };
    groups.set(parent, group);
    const { blocks, thinking } = convertContent(kind, message['content'], options.includeThinking === true);
    if (thinking) group.hasThinking = true;
    if (kind === 'assistant' && typeof message['model'] === 'string') group.model = message['model'];
    if (blocks.length > 0) group.messages.push({ role: kind, content: blocks });
    if (kind === 'user' && (record['isSynthetic'] === true || record['isReplay'] === true))
      for (const block of blocks) if (block.type === 'text') group.untyped.add(block.text);
  }
  const session = initId ?? otherId ?? fileStem(options.source);
  if (erroredSkipped > 0) meta['erroredMessagesSkipped'] = erroredSkipped;
  const transcripts: Transcript[] = [];
  for (const [parent, group] of groups) {
    if (group.messages.length === 0) continue;
    const groupMeta: TranscriptMeta = { ...meta };
    if (group.model !== undefined) groupMeta.model = group.model;
    if (group.hasThinking) groupMeta['hasThinking'] = true;
    if (parent !== '')
      Object.assign(groupMeta, { parentId: session, isSidechain: true, parentToolUseId: parent });
    const title = firstPromptTitle(group.messages);
    const built = buildTranscript({
      id: parent === '' ? session : `${session}/${parent}`,
      format: 'agent-sdk',
      messages: group.messages,
      meta: groupMeta,
      ...(title !== undefined ? { title } : {}),
      ...(options.source !== undefined ? { source: options.source } : {}),
    });
    transcripts.push(withObservations(built, group.untyped));
  }
  return transcripts;
}

/**
 * Marks user messages the user did not type (a compaction summary, a local command's output) as
 * observations, so the engine does not take them for prompts; found by text, after repairs.
 */
function withObservations(transcript: Transcript, untyped: ReadonlySet<string>): Transcript {
  if (untyped.size === 0) return transcript;
  const observations = transcript.messages.flatMap((message, i) => {
    if (message.role !== 'user') return [];
    const texts =
      typeof message.content === 'string'
        ? [message.content]
        : message.content.flatMap((b) => (b.type === 'text' ? [b.text] : []));
    return texts.some((t) => untyped.has(t)) ? [i] : [];
  });
  return observations.length === 0
    ? transcript
    : { ...transcript, meta: { ...transcript.meta, observations } };
}

function noteInit(record: Json, meta: TranscriptMeta): void {
  const data = isPlainObject(record['data']) ? record['data'] : record;
  if (typeof data['model'] === 'string') meta.model = data['model'];
  if (typeof data['cwd'] === 'string') meta.cwd = data['cwd'];
}

function noteResult(record: Json, meta: TranscriptMeta): void {
  if (typeof record['total_cost_usd'] === 'number') meta['costUsd'] = record['total_cost_usd'];
  if (typeof record['num_turns'] === 'number') meta['numTurns'] = record['num_turns'];
}

/** One content (string or blocks, typed or dataclass dicts) to Anthropic blocks, by the seed's rules. */
function convertContent(
  role: 'user' | 'assistant',
  content: unknown,
  includeThinking: boolean,
): { blocks: Block[]; thinking: boolean } {
  if (typeof content === 'string')
    return { blocks: content === '' ? [] : [textBlock(content)], thinking: false };
  if (!Array.isArray(content)) return { blocks: [], thinking: false };
  const blocks: Block[] = [];
  let thinking = false;
  for (const raw of content) {
    if (!isPlainObject(raw)) continue;
    const type = typeof raw['type'] === 'string' ? raw['type'] : undefined;
    // Identification order from the seed: thinking, tool_use, tool_result, text.
    if (type === 'thinking' || type === 'redacted_thinking' || (type === undefined && 'thinking' in raw)) {
      if (includeThinking && typeof raw['thinking'] === 'string' && raw['thinking'] !== '') {
        blocks.push(textBlock(raw['thinking']));
        thinking = true;
      }
    } else if (
      type === 'tool_use' ||
      (type === undefined && 'id' in raw && 'name' in raw && 'input' in raw)
    ) {
      if (role === 'assistant')
        blocks.push({
          type: 'tool_use',
          id: String(raw['id']),
          name: String(raw['name']),
          input: toolInput(raw['input']).input,
        });
    } else if (type === 'tool_result' || (type === undefined && 'tool_use_id' in raw)) {
      if (role === 'user') blocks.push(toolResult(raw));
    } else if (type === 'text' || (type === undefined && 'text' in raw)) {
      if (typeof raw['text'] === 'string' && raw['text'] !== '') blocks.push(textBlock(raw['text']));
    } else if (type !== undefined && role === 'user') {
      blocks.push(raw as unknown as Block); // image, document: valid user blocks, passed through
    }
  }
  return { blocks, thinking };
}

/** Seed rule: string content as is, an array as its text parts (images kept), null as "". */
function toolResult(raw: Json): Block {
  const content = raw['content'];
  let normalized: string | Array<Extract<Block, { type: 'text' | 'image' }>> = '';
  if (typeof content === 'string') normalized = content;
  else if (Array.isArray(content)) {
    const parts: Array<Extract<Block, { type: 'text' | 'image' }>> = [];
    for (const part of content) {
      if (!isPlainObject(part)) continue;
      if (typeof part['text'] === 'string' && part['text'] !== '') parts.push(textBlock(part['text']));
      else if (part['type'] === 'image' && isPlainObject(part['source']))
        parts.push(part as unknown as Extract<Block, { type: 'image' }>);
    }
    if (parts.length > 0) normalized = parts;
  }
  const block: Block = { type: 'tool_result', tool_use_id: String(raw['tool_use_id']), content: normalized };
  if (typeof raw['is_error'] === 'boolean') block.is_error = raw['is_error'];
  return block;
}
