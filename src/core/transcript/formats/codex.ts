import { GardenerError } from '../../../errors.js';
import type { Block, ToolResultBlockParam, TranscriptMeta } from '../types.js';
import { buildTranscript } from './build.js';
import {
  fileStem,
  firstPromptTitle,
  imageFromUrl,
  textBlock,
  toolInput,
  type DraftMessage,
} from './draft.js';
import { exitTagged, type AgentFormat, type Envelope, type Unwrapped } from './agent-format.js';
import { isPlainObject, jsonShape, readJson, recordsOf, sniffValues } from './json-input.js';
import type { RepairCounts } from './repair.js';

type Json = Record<string, unknown>;

/** Sniff score when a line is a rollout line (`timestamp`, a rollout `type`, an object `payload`). */
const SCORE_ROLLOUT = 0.95;
const LINE_TYPES = new Set(['session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted']);
/** Item types of files written before items were wrapped in rollout lines (one item a line). */
const ITEM_TYPES = new Set([
  'message',
  'reasoning',
  'function_call',
  'function_call_output',
  'custom_tool_call',
  'custom_tool_call_output',
  'local_shell_call',
]);
/** User texts Codex adds itself (environment, AGENTS.md, instructions): not prompts, so not titles. */
const INJECTED = /^\s*(<[a-z_]+>|# AGENTS\.md instructions)/;

/** The shell tool's plain-text output: exit code, wall time, sometimes the line count, then the output. */
const EXEC_HEADER = /^Exit code: (-?\d+)\nWall time: [^\n]*\n(?:Total output lines: \d+\n)?Output:\n/;

/**
 * Shell output as Codex hands it to the model: the header above, or (older versions) the JSON
 * `{"output": …, "metadata": {"exit_code": N, "duration_seconds": S}}`. A summary keeps the exit code.
 */
const execEnvelope: Envelope = {
  kind: 'codex-exec',
  unwrap(text) {
    const header = EXEC_HEADER.exec(text);
    if (header)
      return { kind: 'codex-exec', body: text.slice(header[0].length), exitCode: Number(header[1]) };
    return text.startsWith('{"output":') ? unwrapJson(text) : undefined;
  },
  rewrap: (unwrapped, summary) => exitTagged(unwrapped.exitCode, summary),
};

function unwrapJson(text: string): Unwrapped | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isPlainObject(value) || typeof value['output'] !== 'string' || !isPlainObject(value['metadata']))
    return undefined;
  const exitCode = value['metadata']['exit_code'];
  if (typeof exitCode !== 'number' || !Number.isInteger(exitCode)) return undefined;
  return { kind: 'codex-exec', body: value['output'], exitCode };
}

/**
 * Codex CLI session rollouts: JSON lines of `{timestamp, type, payload}`. `response_item` payloads
 * are what the model saw and said: messages (user, assistant; developer and system ones join the
 * system prompt while no message came before them), tool calls (`function_call`,
 * `custom_tool_call` such as apply_patch, `local_shell_call`) and their outputs, answered by
 * `call_id`. Reasoning is left out (its content is encrypted); `event_msg` lines repeat the items
 * for the UI and are skipped; a `compacted` line's summary is user text, where the model read it.
 */
export const codexImporter: AgentFormat = {
  name: 'codex',
  description: 'Codex CLI session rollout (~/.codex/sessions/**/rollout-*.jsonl)',
  reads: 'json',
  envelopes: [execEnvelope],
  sniff(text) {
    const values = sniffValues(jsonShape(text));
    if (values.some(isRolloutLine)) return SCORE_ROLLOUT;
    return isItemList(values) ? SCORE_ROLLOUT : 0;
  },
  parse(text, options = {}) {
    const input = readJson(text, options);
    const values = recordsOf(input).map((record) => record.value);
    const lines = values.flatMap((value, index) => lineOf(value, index));
    if (!lines.some((line) => line.type === 'response_item')) {
      throw new GardenerError(
        'INPUT_INVALID',
        'expected a Codex CLI rollout: JSON lines of {timestamp, type, payload} holding response_item lines',
        { where: options.source ?? '<input>' },
      );
    }
    const session = convert(lines);
    const title = firstPromptTitle(session.drafts, (t) => INJECTED.test(t));
    const meta =
      input.kind === 'lines' && input.skipped > 0
        ? { ...session.meta, skipped: input.skipped }
        : session.meta;
    return [
      buildTranscript({
        id: session.id ?? fileStem(options.source),
        format: 'codex',
        messages: session.drafts,
        meta,
        repairs: session.repairs,
        ...(session.system !== undefined ? { system: session.system } : {}),
        ...(title !== undefined ? { title } : {}),
        ...(options.source !== undefined ? { source: options.source } : {}),
      }),
    ];
  },
};

interface Line {
  type: string;
  payload: Json;
}

function isRolloutLine(value: unknown): boolean {
  return (
    isPlainObject(value) &&
    typeof value['timestamp'] === 'string' &&
    typeof value['type'] === 'string' &&
    LINE_TYPES.has(value['type']) &&
    isPlainObject(value['payload'])
  );
}

/** Older files: a session line (`id`, `timestamp`, no `type`), then bare items. */
function isItemList(values: readonly unknown[]): boolean {
  const [first, ...rest] = values;
  return (
    isPlainObject(first) &&
    typeof first['id'] === 'string' &&
    typeof first['timestamp'] === 'string' &&
    !('type' in first) &&
    rest.some((v) => isPlainObject(v) && typeof v['type'] === 'string' && ITEM_TYPES.has(v['type']))
  );
}

function lineOf(value: unknown, index: number): Line[] {
  if (!isPlainObject(value)) return [];
  const type = value['type'];
  if (isRolloutLine(value)) return [{ type: type as string, payload: value['payload'] as Json }];
  if (typeof type === 'string' && ITEM_TYPES.has(type)) return [{ type: 'response_item', payload: value }];
  if (index === 0 && typeof value['id'] === 'string' && type === undefined)
    return [{ type: 'session_meta', payload: value }];
  return [];
}

interface Session {
  id?: string;
  system?: string;
  meta: TranscriptMeta;
  drafts: DraftMessage[];
  repairs: RepairCounts;
}

function convert(lines: readonly Line[]): Session {
  const session: Session = { meta: {}, drafts: [], repairs: {} };
  for (const { type, payload } of lines) {
    if (type === 'session_meta') readSessionMeta(payload, session);
    else if (type === 'turn_context' && typeof payload['model'] === 'string')
      session.meta.model = payload['model'];
    else if (type === 'compacted' && typeof payload['message'] === 'string')
      add(session.drafts, 'user', [textBlock(payload['message'])]);
    else if (type === 'response_item') readItem(payload, session);
  }
  return session;
}

function readSessionMeta(payload: Json, session: Session): void {
  if (typeof payload['id'] === 'string') session.id = payload['id'];
  if (typeof payload['cwd'] === 'string') session.meta.cwd = payload['cwd'];
  if (typeof payload['timestamp'] === 'string') session.meta.startedAt = payload['timestamp'];
  if (typeof payload['cli_version'] === 'string') session.meta['version'] = payload['cli_version'];
  if (typeof payload['forked_from_id'] === 'string') session.meta.parentId = payload['forked_from_id'];
  const base = payload['base_instructions'];
  const instructions = isPlainObject(base) ? base['text'] : payload['instructions'];
  if (typeof instructions === 'string' && instructions.trim() !== '') session.system = instructions;
}

function readItem(item: Json, session: Session): void {
  const callId = typeof item['call_id'] === 'string' ? item['call_id'] : undefined;
  switch (item['type']) {
    case 'message': {
      const role = item['role'] === 'assistant' ? 'assistant' : item['role'] === 'user' ? 'user' : 'system';
      add(session.drafts, role, contentBlocks(item['content']));
      return;
    }
    case 'function_call': {
      const { input, repaired } = toolInput(item['arguments']);
      if (repaired) session.repairs['tool-use-fixed'] = (session.repairs['tool-use-fixed'] ?? 0) + 1;
      add(session.drafts, 'assistant', [toolUse(callId, item['name'], input)]);
      return;
    }
    case 'custom_tool_call':
      add(session.drafts, 'assistant', [toolUse(callId, item['name'], { input: item['input'] ?? '' })]);
      return;
    case 'local_shell_call': {
      const id = callId ?? (typeof item['id'] === 'string' ? item['id'] : undefined);
      const action = isPlainObject(item['action']) ? item['action'] : {};
      add(session.drafts, 'assistant', [toolUse(id, 'local_shell', action)]);
      return;
    }
    case 'function_call_output':
    case 'custom_tool_call_output':
      add(session.drafts, 'user', [toolResult(callId ?? '', item['output'])]);
      return;
    default:
    // reasoning (encrypted), web searches and snapshots run on the server or the host: not turns.
  }
}

/** Appends blocks to the last draft when it has the same role: one API message per turn side. */
function add(drafts: DraftMessage[], role: DraftMessage['role'], blocks: Block[]): void {
  const last = drafts[drafts.length - 1];
  if (role !== 'system' && last?.role === role && Array.isArray(last.content)) last.content.push(...blocks);
  else drafts.push({ role, content: blocks });
}

function toolUse(id: string | undefined, name: unknown, input: Json): Block {
  return { type: 'tool_use', id: id ?? '', name: typeof name === 'string' ? name : '', input };
}

function contentBlocks(content: unknown): Block[] {
  if (typeof content === 'string') return [textBlock(content)];
  if (!Array.isArray(content)) return [];
  return content.filter(isPlainObject).flatMap((part): Block[] => {
    if (typeof part['text'] === 'string') return [textBlock(part['text'])];
    if (part['type'] === 'input_image' && typeof part['image_url'] === 'string')
      return [imageFromUrl(part['image_url'])];
    return [];
  });
}

/** An output is a string, a list of input_text / input_image items, or `{content, success}`. */
function toolResult(callId: string, output: unknown): Block {
  const result: ToolResultBlockParam = { type: 'tool_result', tool_use_id: callId, content: '' };
  if (typeof output === 'string') result.content = output;
  else if (Array.isArray(output)) {
    const blocks = contentBlocks(output).filter(
      (b): b is Extract<Block, { type: 'text' | 'image' }> => b.type === 'text' || b.type === 'image',
    );
    result.content = blocks.length > 0 ? blocks : '';
  } else if (isPlainObject(output) && typeof output['content'] === 'string') {
    result.content = output['content'];
    if (output['success'] === false) result.is_error = true;
  }
  return result;
}
