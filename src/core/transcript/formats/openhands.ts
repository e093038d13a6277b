import { GardenerError } from '../../../errors.js';
import type { Block, TranscriptMeta } from '../types.js';
import { buildTranscript } from './build.js';
import {
  fileStem,
  firstPromptTitle,
  imageFromUrl,
  textBlock,
  toolInput,
  type DraftMessage,
} from './draft.js';
import type { AgentFormat } from './agent-format.js';
import { isPlainObject, jsonShape, readJson, sniffValues } from './json-input.js';
import type { RepairCounts } from './repair.js';

type Json = Record<string, unknown>;

/** Sniff score for a list of events carrying `source` and `action` or `observation`. */
const SCORE_EVENTS = 0.9;
/** Observations that carry nothing the model saw. */
const SILENT_OBSERVATIONS = new Set(['null', 'agent_state_changed']);

/**
 * OpenHands event lists. Events come from `user`, `agent` or `environment` (the latter skipped).
 * An agent action with `tool_call_metadata` is a tool call: actions from one model reply share
 * `model_response.id` and become one assistant message (the reply's text, then its tool_use blocks,
 * arguments from the raw reply); the observation whose `cause` is that action is its tool_result.
 * Messages (`action: message`) are text; the `system` action is the system prompt.
 */
export const openhandsImporter: AgentFormat = {
  name: 'openhands',
  description: 'OpenHands event list (actions and observations linked by "cause")',
  reads: 'json',
  observations: { inUserText: true },
  sniff(text) {
    const values = sniffValues(jsonShape(text));
    const events = values.filter(isEvent).length;
    return events > 0 && events >= values.length / 2 ? SCORE_EVENTS : 0;
  },
  parse(text, options = {}) {
    const input = readJson(text, options);
    const raw = input.kind === 'lines' ? input.records.map((r) => r.value) : input.value;
    const list = Array.isArray(raw)
      ? raw
      : isPlainObject(raw) && Array.isArray(raw['events'])
        ? raw['events']
        : undefined;
    if (!list || !list.some(isEvent)) {
      throw new GardenerError('INPUT_INVALID', 'expected an OpenHands event list', {
        where: options.source ?? '<input>',
      });
    }
    const { drafts, meta, repairs } = convert(list.filter(isPlainObject));
    const title = firstPromptTitle(drafts);
    const transcript = buildTranscript({
      id: fileStem(options.source),
      format: 'openhands',
      messages: drafts,
      meta,
      repairs,
      ...(title !== undefined ? { title } : {}),
      ...(options.source !== undefined ? { source: options.source } : {}),
    });
    if (input.kind === 'lines' && input.skipped > 0)
      transcript.meta = { ...transcript.meta, skipped: input.skipped };
    return [transcript];
  },
};

function isEvent(value: unknown): boolean {
  return (
    isPlainObject(value) &&
    typeof value['source'] === 'string' &&
    ('action' in value || 'observation' in value) &&
    'id' in value
  );
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

interface Reply {
  responseId: string;
  /** The raw model reply as the first action of the group carries it (later ones may be trimmed). */
  response: Json;
  blocks: Block[];
}

/** Action args that are OpenHands bookkeeping, not tool arguments (used when the raw reply lacks the call). */
const BOOKKEEPING_ARGS = new Set([
  'thought',
  'impl_source',
  'translated_ipython_code',
  'confirmation_state',
  'security_risk',
  'hidden',
]);

function toolArgs(args: Json): Json {
  return Object.fromEntries(Object.entries(args).filter(([key]) => !BOOKKEEPING_ARGS.has(key)));
}

function convert(events: Json[]): { drafts: DraftMessage[]; meta: TranscriptMeta; repairs: RepairCounts } {
  const drafts: DraftMessage[] = [];
  const meta: TranscriptMeta = {};
  const repairs: RepairCounts = {};
  const toolCallOf = new Map<unknown, string>(); // action event id → tool_use id
  let reply: Reply | undefined;
  const flush = () => {
    if (reply) drafts.push({ role: 'assistant', content: reply.blocks });
    reply = undefined;
  };
  for (const event of events) {
    const source = str(event['source']);
    if (source === 'environment') continue;
    const action = event['action'];
    const tcm = isPlainObject(event['tool_call_metadata']) ? event['tool_call_metadata'] : undefined;
    const args = isPlainObject(event['args']) ? event['args'] : {};
    if (typeof action === 'string') {
      if (tcm && source === 'agent') {
        const response = isPlainObject(tcm['model_response']) ? tcm['model_response'] : {};
        const responseId = str(response['id']) || `event-${String(event['id'])}`;
        if (reply?.responseId !== responseId) {
          flush();
          reply = { responseId, response, blocks: replyText(response) };
          if (typeof response['model'] === 'string') meta.model = response['model'];
        }
        const id = str(tcm['tool_call_id']) || `openhands_${String(event['id'])}`;
        const { input, repaired } = toolInput(
          callArguments(response, id) ?? callArguments(reply.response, id) ?? toolArgs(args),
        );
        if (repaired) repairs['tool-use-fixed'] = (repairs['tool-use-fixed'] ?? 0) + 1;
        reply.blocks.push({ type: 'tool_use', id, name: str(tcm['function_name']) || action, input });
        toolCallOf.set(event['id'], id);
        continue;
      }
      flush();
      const text = str(args['content']) || str(event['message']);
      if (action === 'system') drafts.push({ role: 'system', content: text });
      else if (text !== '')
        drafts.push({
          role: source === 'user' ? 'user' : 'assistant',
          content: withImages(text, args['image_urls']),
        });
      continue;
    }
    const observation = str(event['observation']);
    if (SILENT_OBSERVATIONS.has(observation)) continue;
    flush();
    const toolUseId = toolCallOf.get(event['cause']) ?? (tcm ? str(tcm['tool_call_id']) : '');
    const content = str(event['content']) || str(event['message']);
    if (toolUseId !== '')
      drafts.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUseId, content }] });
    else if (content !== '') drafts.push({ role: 'user', content });
  }
  flush();
  return { drafts, meta, repairs };
}

/** The text of the raw model reply (choices[0].message.content), as blocks. */
function replyText(response: Json): Block[] {
  const choices = Array.isArray(response['choices']) ? response['choices'] : [];
  const first: unknown = choices[0];
  const message = isPlainObject(first) && isPlainObject(first['message']) ? first['message'] : {};
  const content = message['content'];
  if (typeof content === 'string') return content.trim() === '' ? [] : [textBlock(content)];
  if (!Array.isArray(content)) return [];
  return content
    .filter((p) => isPlainObject(p) && typeof p['text'] === 'string' && p['text'] !== '')
    .map((p) => textBlock((p as Json)['text'] as string));
}

/** The JSON arguments of the reply's tool call with this id, when the raw reply has it. */
function callArguments(response: Json, id: string): unknown {
  const choices = Array.isArray(response['choices']) ? response['choices'] : [];
  for (const choice of choices) {
    const message = isPlainObject(choice) && isPlainObject(choice['message']) ? choice['message'] : {};
    const calls = Array.isArray(message['tool_calls']) ? message['tool_calls'] : [];
    for (const call of calls) {
      if (isPlainObject(call) && call['id'] === id && isPlainObject(call['function']))
        return call['function']['arguments'];
    }
  }
  return undefined;
}

function withImages(text: string, urls: unknown): string | Block[] {
  if (!Array.isArray(urls) || urls.length === 0) return text;
  return [textBlock(text), ...urls.filter((u): u is string => typeof u === 'string').map(imageFromUrl)];
}
