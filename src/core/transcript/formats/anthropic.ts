import { GardenerError } from '../../../errors.js';
import type { Block, TextBlockParam, ToolUnion, Transcript } from '../types.js';
import { buildTranscript } from './build.js';
import { fileStem, firstPromptTitle, type DraftMessage } from './draft.js';
import type { FormatImporter, ParseOptions } from './importer.js';
import { isPlainObject, jsonShape, readJson, sniffValues, type JsonRecord } from './json-input.js';
import { messagesStyle, messageStyle } from './message-style.js';

/** Key of the header line that starts each transcript in a gardener JSONL export. */
export const JSONL_HEADER_KEY = 'transcript';

type Json = Record<string, unknown>;

/** Sniff scores: an export header is certain; typed Anthropic blocks are nearly so. */
const SCORE_HEADER = 1;
const SCORE_TYPED = 0.95;
const SCORE_PLAIN = 0.7;

export const anthropicImporter: FormatImporter = {
  name: 'anthropic',
  description:
    'Anthropic Messages API request body (or an array of them, or a bare message array); gardener JSONL exports',
  reads: 'json',
  sniff(text) {
    const shape = jsonShape(text);
    const values = sniffValues(shape);
    if (values.some((v) => isPlainObject(v) && isPlainObject(v[JSON_HEADER]))) return SCORE_HEADER;
    if (shape.kind === 'document' && isPlainObject(shape.value)) return requestScore(shape.value);
    if (values.length > 0 && values.every((v) => isPlainObject(v) && Array.isArray(v['messages']))) {
      return Math.min(...values.map((v) => requestScore(v as Json)));
    }
    return styleScore(messagesStyle(values));
  },
  parse(text, options = {}) {
    const input = readJson(text, options);
    if (input.kind === 'lines') return parseLines(input.records, input.skipped, options);
    const value = input.value;
    if (isPlainObject(value) && Array.isArray(value['messages']))
      return [fromRequest(value, fileStem(options.source), options)];
    if (
      Array.isArray(value) &&
      value.length > 0 &&
      value.every((v) => isPlainObject(v) && Array.isArray(v['messages']))
    ) {
      return value.map((request, i) =>
        fromRequest(request as Json, `${fileStem(options.source)}#${i + 1}`, options),
      );
    }
    if (Array.isArray(value))
      return [
        fromMessages(
          (value as unknown[]).map((v, i) => ({ line: 0, index: i, value: v })),
          fileStem(options.source),
          options,
        ),
      ];
    throw new GardenerError(
      'INPUT_INVALID',
      'expected a Messages API request (an object with "messages") or an array of messages',
      {
        where: options.source ?? '<input>',
      },
    );
  },
};

const JSON_HEADER = JSONL_HEADER_KEY;

function styleScore(style: ReturnType<typeof messagesStyle>): number {
  switch (style) {
    case 'anthropic':
      return SCORE_TYPED;
    case 'neutral':
      return SCORE_PLAIN;
    case 'openai':
    case 'none':
      return 0;
  }
}

function requestScore(request: Json): number {
  const messages = request['messages'];
  if (!Array.isArray(messages)) return 0;
  const style = messagesStyle(messages.slice(0, 200));
  if (style === 'openai' || style === 'none') return 0;
  const tools = request['tools'];
  const anthropicTools = Array.isArray(tools) && tools.some((t) => isPlainObject(t) && 'input_schema' in t);
  if (style === 'anthropic' || request['system'] !== undefined || anthropicTools) return SCORE_TYPED;
  return SCORE_PLAIN;
}

type Located = JsonRecord;

function where(source: string | undefined, record: Located): string {
  const file = source ?? '<input>';
  return record.line > 0 ? `${file}:${record.line}` : `${file} (message ${(record.index ?? 0) + 1})`;
}

/** A message record as a draft; a bad role or content is an input error naming where it is. */
function draftOf(record: Located, source: string | undefined): DraftMessage {
  const value = record.value;
  const style = messageStyle(value);
  if (!isPlainObject(value) || style === 'none') {
    throw new GardenerError('INPUT_INVALID', 'expected a message with "role" and "content"', {
      where: where(source, record),
    });
  }
  const role = value['role'];
  if (role !== 'user' && role !== 'assistant' && role !== 'system') {
    throw new GardenerError(
      'INPUT_INVALID',
      `unsupported role ${JSON.stringify(role)} (this looks like an OpenAI chat; try --from openai)`,
      {
        where: where(source, record),
      },
    );
  }
  const content = value['content'];
  return { role, content: typeof content === 'string' ? content : (content as Block[]) };
}

function fromMessages(records: Located[], id: string, options: ParseOptions, header?: Json): Transcript {
  const messages = records.map((r) => draftOf(r, options.source));
  const draft = {
    id,
    format: 'anthropic',
    messages,
    ...(options.source !== undefined ? { source: options.source } : {}),
    title: firstPromptTitle(messages),
  };
  if (!header) return buildTranscript(draft);
  // A gardener export header says everything: nothing is derived (a missing title stays missing).
  return buildTranscript({
    ...draft,
    id: typeof header['id'] === 'string' ? header['id'] : id,
    title: typeof header['title'] === 'string' ? header['title'] : undefined,
    ...(header['system'] !== undefined ? { system: header['system'] as string | TextBlockParam[] } : {}),
    ...(Array.isArray(header['tools']) ? { tools: header['tools'] as ToolUnion[] } : {}),
    ...(isPlainObject(header['extra']) ? { extra: header['extra'] } : {}),
    ...(isPlainObject(header['meta']) ? { meta: header['meta'] } : {}),
  });
}

function fromRequest(request: Json, id: string, options: ParseOptions): Transcript {
  const { messages, system, tools, ...extra } = request;
  const records = (messages as unknown[]).map((value, index) => ({ line: 0, index, value }));
  const drafts = records.map((r) => draftOf(r, options.source));
  return buildTranscript({
    id,
    format: 'anthropic',
    messages: drafts,
    title: firstPromptTitle(drafts),
    ...(options.source !== undefined ? { source: options.source } : {}),
    ...(system !== undefined ? { system: system as string | TextBlockParam[] } : {}),
    ...(Array.isArray(tools) ? { tools: tools as ToolUnion[] } : {}),
    extra,
  });
}

/** JSONL: messages one per line, each transcript optionally opened by a `{"transcript": {…}}` header. */
function parseLines(records: JsonRecord[], skipped: number, options: ParseOptions): Transcript[] {
  const stem = fileStem(options.source);
  const groups: Array<{ header?: Json; records: JsonRecord[] }> = [];
  const transcripts: Transcript[] = [];
  for (const record of records) {
    const value = record.value;
    if (isPlainObject(value) && isPlainObject(value[JSON_HEADER])) {
      groups.push({ header: value[JSON_HEADER], records: [] });
    } else if (isPlainObject(value) && Array.isArray(value['messages'])) {
      groups.push({ records: [record] });
      groups.push({ records: [] });
    } else {
      if (groups.length === 0) groups.push({ records: [] });
      groups[groups.length - 1]!.records.push(record);
    }
  }
  const nonEmpty = groups.filter((g) => g.records.length > 0 || g.header);
  nonEmpty.forEach((group, i) => {
    const id = nonEmpty.length === 1 ? stem : `${stem}#${i + 1}`;
    const only = group.records[0];
    if (
      !group.header &&
      group.records.length === 1 &&
      only &&
      isPlainObject(only.value) &&
      Array.isArray(only.value['messages'])
    ) {
      transcripts.push(fromRequest(only.value, id, options));
    } else {
      transcripts.push(fromMessages(group.records, id, options, group.header));
    }
  });
  if (skipped > 0) for (const t of transcripts) t.meta = { ...t.meta, skipped };
  return transcripts;
}
