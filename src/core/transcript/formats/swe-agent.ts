import { GardenerError } from '../../../errors.js';
import type { Transcript, TranscriptMeta } from '../types.js';
import { buildTranscript } from './build.js';
import { fileStem, firstPromptTitle, type DraftMessage } from './draft.js';
import type { AgentFormat, Envelope } from './agent-format.js';
import type { ParseOptions } from './importer.js';
import { isPlainObject, jsonShape, readJson } from './json-input.js';
import { convertOpenAiMessages } from './openai.js';
import type { RepairCounts } from './repair.js';

type Json = Record<string, unknown>;

/** Sniff scores: a `history` of role messages beside `trajectory` steps is SWE-agent's own shape. */
const SCORE_BOTH = 0.95;
const SCORE_ONE = 0.75;

/** The status lines and shell prompt that end every observation. */
const STATUS =
  /(?:^|\n)((?:\((?:Open file|Current directory|Interactive session): [^\n]*\)\n)+)bash-\$[ \t]*\n?$/;

/**
 * The status lines after an output. A summary keeps those that still say something about an old
 * output: the open file, unless it is `n/a` or the summary's `[File: X …]` header names it; an
 * interactive session. The current directory, repeated after every output and shown by the latest
 * one, goes, and so does the prompt.
 */
const statusEnvelope: Envelope = {
  kind: 'swe-agent-status',
  unwrap(text) {
    const status = STATUS.exec(text);
    if (!status) return undefined;
    const lines = status[1]!.split('\n').filter((line) => line !== '');
    return { kind: 'swe-agent-status', body: text.slice(0, status.index), status: lines };
  },
  rewrap: (unwrapped, summary) =>
    [summary, ...statusWorthKeeping(unwrapped.status ?? [], summary)]
      .filter((part) => part !== '')
      .join('\n'),
};

function statusWorthKeeping(status: readonly string[], summary: string): string[] {
  return status.filter((line) => {
    if (line.startsWith('(Current directory: ')) return false;
    const open = /^\(Open file: (.*)\)$/.exec(line);
    return open === null || (open[1] !== 'n/a' && !summary.includes(`[File: ${open[1]}`));
  });
}

/**
 * SWE-agent `.traj` files. They hold the run twice: `history` (the chat the model saw) and
 * `trajectory` (action/observation/thought steps). `history` is the transcript; `trajectory` is
 * only used when there is no history. History messages are OpenAI-shaped (newer files add
 * `tool_calls`, `tool_call_ids` and `message_type`); each `agent` in it gets its own transcript.
 */
export const sweAgentImporter: AgentFormat = {
  name: 'swe-agent',
  description: 'SWE-agent trajectory (.traj: history + trajectory)',
  reads: 'json',
  envelopes: [statusEnvelope],
  observations: { inUserText: true, label: /^\s*OBSERVATION:/i },
  sniff(text) {
    const shape = jsonShape(text);
    if (shape.kind !== 'document' || !isPlainObject(shape.value)) return 0;
    const value = shape.value;
    const history = isRoleList(value['history']);
    const trajectory = isStepList(value['trajectory']);
    if (history && trajectory) return SCORE_BOTH;
    return history || trajectory ? SCORE_ONE : 0;
  },
  parse(text, options = {}) {
    const input = readJson(text, options);
    const value = input.kind === 'document' ? input.value : undefined;
    if (!isPlainObject(value) || !(isRoleList(value['history']) || isStepList(value['trajectory']))) {
      throw new GardenerError(
        'INPUT_INVALID',
        'expected a SWE-agent trajectory: an object with "history" or "trajectory"',
        {
          where: options.source ?? '<input>',
        },
      );
    }
    const stem = fileStem(options.source);
    const meta = infoMeta(value);
    if (!isRoleList(value['history']))
      return [make(stem, fromSteps(value['trajectory'] as Json[]), {}, meta, options)];
    const byAgent = new Map<string, Json[]>();
    for (const item of value['history'] as unknown[]) {
      if (!isPlainObject(item)) continue;
      const agent = typeof item['agent'] === 'string' ? item['agent'] : '';
      byAgent.set(agent, [...(byAgent.get(agent) ?? []), item]);
    }
    return [...byAgent].map(([agent, items], i) => {
      const { drafts, repairs } = convertOpenAiMessages(items.flatMap(asOpenAi));
      const id = i === 0 ? stem : `${stem}/${agent || `agent-${i + 1}`}`;
      return make(id, drafts, repairs, agent ? { ...meta, agent } : meta, options);
    });
  },
};

function isRoleList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    isPlainObject(value[0]) &&
    typeof value[0]['role'] === 'string'
  );
}

function isStepList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    isPlainObject(value[0]) &&
    'action' in value[0] &&
    'observation' in value[0]
  );
}

/** A history item as OpenAI messages: `tool_call_ids` becomes one tool message per id. */
function asOpenAi(item: Json): Json[] {
  const ids = Array.isArray(item['tool_call_ids'])
    ? item['tool_call_ids'].filter((id): id is string => typeof id === 'string')
    : [];
  if (item['role'] !== 'tool' || ids.length <= 1) {
    return [
      {
        role: item['role'],
        content: item['content'] ?? '',
        tool_calls: item['tool_calls'] ?? undefined,
        tool_call_id: ids[0],
      },
    ];
  }
  const [first, ...rest] = ids;
  return [
    { role: 'tool', content: item['content'] ?? '', tool_call_id: first },
    ...rest.map((id) => ({
      role: 'tool',
      content: `[the output is given with the result of ${first}]`,
      tool_call_id: id,
    })),
  ];
}

/** Old files without history: each step is the model's reply, then the observation. */
function fromSteps(steps: Json[]): DraftMessage[] {
  const drafts: DraftMessage[] = [];
  for (const step of steps) {
    const response = typeof step['response'] === 'string' ? step['response'] : '';
    const thought = typeof step['thought'] === 'string' ? step['thought'] : '';
    const action = typeof step['action'] === 'string' ? step['action'] : '';
    drafts.push({
      role: 'assistant',
      content: response !== '' ? response : `${thought}\n\n\`\`\`\n${action}\n\`\`\``,
    });
    drafts.push({
      role: 'user',
      content: typeof step['observation'] === 'string' ? step['observation'] : '',
    });
  }
  return drafts;
}

function infoMeta(value: Json): TranscriptMeta {
  const meta: TranscriptMeta = {};
  const info = isPlainObject(value['info']) ? value['info'] : {};
  if (typeof info['exit_status'] === 'string') meta['exitStatus'] = info['exit_status'];
  if (typeof value['environment'] === 'string') meta['environment'] = value['environment'];
  return meta;
}

function make(
  id: string,
  drafts: DraftMessage[],
  repairs: RepairCounts,
  meta: TranscriptMeta,
  options: ParseOptions,
): Transcript {
  const title = firstPromptTitle(drafts);
  return buildTranscript({
    id,
    format: 'swe-agent',
    messages: drafts,
    meta,
    repairs,
    ...(title !== undefined ? { title } : {}),
    ...(options.source !== undefined ? { source: options.source } : {}),
  });
}
