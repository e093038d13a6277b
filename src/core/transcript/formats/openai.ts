import { GardenerError } from '../../../errors.js';
import type { Block, ToolUnion, Transcript, TranscriptMeta } from '../types.js';
import { buildTranscript } from './build.js';
import {
  fileStem,
  firstPromptTitle,
  imageFromUrl,
  scalarMeta,
  textBlock,
  toolInput,
  type DraftMessage,
} from './draft.js';
import type { FormatImporter, ParseOptions } from './importer.js';
import { isPlainObject, jsonShape, readJson, sniffValues } from './json-input.js';
import { messagesStyle } from './message-style.js';
import type { RepairCounts } from './repair.js';

type Json = Record<string, unknown>;

/** Sniff scores: OpenAI markers (tool_calls, tool/system roles…) are clear; plain text chats are ambiguous. */
const SCORE_OPENAI = 0.9;
const SCORE_NEUTRAL = 0.5;
/** Row fields tried, in order, for a transcript id. */
const ID_FIELDS = ['id', 'traj_id', 'instance_id', 'conversation_id', 'run_id'];

export const openaiImporter: FormatImporter = {
  name: 'openai',
  description:
    'OpenAI chat messages with tool calls: a request, an array of messages, or dataset rows holding "messages"',
  reads: 'json',
  sniff(text) {
    const shape = jsonShape(text);
    const values = sniffValues(shape);
    const rows = values.filter((v) => isPlainObject(v) && Array.isArray(v['messages'])) as Json[];
    const style =
      rows.length > 0 && rows.length === values.length
        ? messagesStyle(rows.flatMap((r) => (r['messages'] as unknown[]).slice(0, 50)))
        : messagesStyle(values);
    if (style === 'openai') return SCORE_OPENAI;
    return style === 'neutral' ? SCORE_NEUTRAL : 0;
  },
  parse(text, options = {}) {
    const input = readJson(text, options);
    const values =
      input.kind === 'lines'
        ? input.records.map((r) => r.value)
        : Array.isArray(input.value)
          ? input.value
          : [input.value];
    const stem = fileStem(options.source);
    let transcripts: Transcript[];
    if (values.length > 0 && values.every((v) => isPlainObject(v) && Array.isArray(v['messages']))) {
      const used = new Set<string>();
      transcripts = values.map((row, i) => {
        const id = uniqueId(rowId(row as Json) ?? (values.length === 1 ? stem : `${stem}#${i + 1}`), used);
        return fromRow(row as Json, id, options);
      });
    } else if (values.every((v) => isPlainObject(v) && typeof v['role'] === 'string')) {
      transcripts = [fromRow({ messages: values }, stem, options)];
    } else {
      throw new GardenerError(
        'INPUT_INVALID',
        'expected OpenAI chat messages (objects with "role"), or objects holding "messages"',
        {
          where: options.source ?? '<input>',
        },
      );
    }
    if (input.kind === 'lines' && input.skipped > 0)
      for (const t of transcripts) t.meta = { ...t.meta, skipped: input.skipped };
    return transcripts;
  },
};

function rowId(row: Json): string | undefined {
  for (const field of ID_FIELDS) {
    const value = row[field];
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return undefined;
}

function uniqueId(id: string, used: Set<string>): string {
  let candidate = id;
  for (let n = 2; used.has(candidate); n++) candidate = `${id}#${n}`;
  used.add(candidate);
  return candidate;
}

function fromRow(row: Json, id: string, options: ParseOptions): Transcript {
  const { drafts, repairs } = convertOpenAiMessages(row['messages'] as unknown[]);
  const meta: TranscriptMeta = scalarMeta(row, ['messages', 'tools']);
  const tools = Array.isArray(row['tools']) ? convertOpenAiTools(row['tools']) : [];
  const title = firstPromptTitle(drafts);
  return buildTranscript({
    id,
    format: 'openai',
    messages: drafts,
    meta,
    repairs,
    ...(tools.length > 0 ? { tools } : {}),
    ...(title !== undefined ? { title } : {}),
    ...(options.source !== undefined ? { source: options.source } : {}),
  });
}

/** OpenAI function tools to Anthropic tool definitions (parameters become input_schema). */
export function convertOpenAiTools(tools: readonly unknown[]): ToolUnion[] {
  const out: ToolUnion[] = [];
  for (const tool of tools) {
    if (!isPlainObject(tool)) continue;
    const fn = isPlainObject(tool['function']) ? tool['function'] : tool;
    if (typeof fn['name'] !== 'string') continue;
    const parameters = isPlainObject(fn['parameters'])
      ? fn['parameters']
      : { type: 'object', properties: {} };
    const converted: ToolUnion = { name: fn['name'], input_schema: { ...parameters, type: 'object' } };
    if (typeof fn['description'] === 'string') converted.description = fn['description'];
    out.push(converted);
  }
  return out;
}

/** Text of an OpenAI content: a string, or its text-like parts joined by newlines. */
function partsToBlocks(content: unknown): Block[] {
  if (typeof content === 'string') return content === '' ? [] : [textBlock(content)];
  if (!Array.isArray(content)) return [];
  const blocks: Block[] = [];
  for (const part of content) {
    if (typeof part === 'string') blocks.push(textBlock(part));
    if (!isPlainObject(part)) continue;
    if (typeof part['text'] === 'string') blocks.push(textBlock(part['text']));
    else if (typeof part['refusal'] === 'string') blocks.push(textBlock(part['refusal']));
    else if (part['type'] === 'image_url') {
      const image = part['image_url'];
      const url =
        typeof image === 'string'
          ? image
          : isPlainObject(image) && typeof image['url'] === 'string'
            ? image['url']
            : undefined;
      if (url !== undefined) blocks.push(imageFromUrl(url));
    } else if (typeof part['type'] === 'string') blocks.push(textBlock(`[${part['type']}]`));
  }
  return blocks;
}

function resultContent(content: unknown): string | Array<Extract<Block, { type: 'text' | 'image' }>> {
  if (typeof content === 'string') return content;
  const parts = partsToBlocks(content).filter(
    (b): b is Extract<Block, { type: 'text' | 'image' }> => b.type === 'text' || b.type === 'image',
  );
  return parts.length > 0 ? parts : '';
}

/**
 * OpenAI chat messages to drafts: system/developer → system; user parts → text and image blocks;
 * assistant `tool_calls` (and legacy `function_call`) → tool_use with parsed JSON arguments;
 * `tool` (and legacy `function`) messages → user tool_result; other roles → user text.
 */
export function convertOpenAiMessages(messages: readonly unknown[]): {
  drafts: DraftMessage[];
  repairs: RepairCounts;
} {
  const drafts: DraftMessage[] = [];
  const repairs: RepairCounts = {};
  let generated = 0;
  let lastFunctionCall: string | undefined;
  for (const message of messages) {
    if (!isPlainObject(message)) continue;
    const role = message['role'];
    const content = message['content'];
    switch (role) {
      case 'system':
      case 'developer':
        drafts.push({ role: 'system', content: partsToBlocks(content) });
        break;
      case 'assistant': {
        const blocks = partsToBlocks(content);
        const calls = Array.isArray(message['tool_calls']) ? message['tool_calls'] : [];
        for (const call of calls) {
          if (!isPlainObject(call)) continue;
          const fn = isPlainObject(call['function']) ? call['function'] : call;
          const { input, repaired } = toolInput(fn['arguments']);
          if (repaired) repairs['tool-use-fixed'] = (repairs['tool-use-fixed'] ?? 0) + 1;
          const id =
            typeof call['id'] === 'string' && call['id'] !== '' ? call['id'] : `call_gardener_${++generated}`;
          blocks.push({
            type: 'tool_use',
            id,
            name: typeof fn['name'] === 'string' ? fn['name'] : 'unknown_tool',
            input,
          });
        }
        const legacy = message['function_call'];
        if (isPlainObject(legacy) && typeof legacy['name'] === 'string') {
          lastFunctionCall = `call_gardener_${++generated}`;
          blocks.push({
            type: 'tool_use',
            id: lastFunctionCall,
            name: legacy['name'],
            input: toolInput(legacy['arguments']).input,
          });
        }
        drafts.push({ role: 'assistant', content: blocks });
        break;
      }
      case 'tool':
      case 'function': {
        const id =
          role === 'tool' && typeof message['tool_call_id'] === 'string'
            ? message['tool_call_id']
            : (lastFunctionCall ?? 'unknown');
        const result: Block = { type: 'tool_result', tool_use_id: id, content: resultContent(content) };
        // Parallel calls are answered by consecutive tool messages: one API user message.
        const previous = drafts[drafts.length - 1];
        if (
          previous?.role === 'user' &&
          Array.isArray(previous.content) &&
          previous.content.every((b) => b.type === 'tool_result')
        ) {
          previous.content.push(result);
        } else {
          drafts.push({ role: 'user', content: [result] });
        }
        break;
      }
      default:
        drafts.push({ role: 'user', content: partsToBlocks(content) });
    }
  }
  return { drafts, repairs };
}
