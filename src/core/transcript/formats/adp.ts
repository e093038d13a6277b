import { GardenerError } from '../../../errors.js';
import type { Transcript, TranscriptMeta } from '../types.js';
import { buildTranscript } from './build.js';
import { fileStem, firstPromptTitle, scalarMeta, type DraftMessage } from './draft.js';
import type { AgentFormat } from './agent-format.js';
import type { ParseOptions } from './importer.js';
import { isPlainObject, jsonShape, readJson, sniffValues } from './json-input.js';

type Json = Record<string, unknown>;

/** Sniff score for rows whose `trajectory` holds {role, text} turns. */
const SCORE_ROWS = 0.9;
const ROLES: Record<string, DraftMessage['role']> = {
  system: 'system',
  user: 'user',
  ai: 'assistant',
  assistant: 'assistant',
  human: 'user',
};

/**
 * Agent Data Protocol raw dataset rows whose `trajectory` is a list of `{role: system|user|ai, text}`
 * turns, as in nebius/SWE-agent-trajectories (the system turn keeps its prompt in `system_prompt`).
 * Rows holding OpenAI `messages` instead (SWE-Gym, SWE-smith) are read by the `openai` importer.
 */
export const adpImporter: AgentFormat = {
  name: 'adp',
  description:
    'Agent Data Protocol dataset rows with a "trajectory" of {role: system|user|ai, text} turns (nebius SWE-agent)',
  reads: 'json',
  observations: { inUserText: true },
  sniff(text) {
    const values = sniffValues(jsonShape(text));
    return values.length > 0 && values.every(isTrajectoryRow) ? SCORE_ROWS : 0;
  },
  parse(text, options = {}) {
    const input = readJson(text, options);
    const rows =
      input.kind === 'lines'
        ? input.records.map((r) => r.value)
        : Array.isArray(input.value)
          ? input.value
          : [input.value];
    if (!rows.every(isTrajectoryRow)) {
      throw new GardenerError('INPUT_INVALID', 'expected rows with a "trajectory" of {role, text} turns', {
        where: options.source ?? '<input>',
      });
    }
    const stem = fileStem(options.source);
    const transcripts = rows.map((row, i) =>
      fromRow(row, rows.length === 1 ? stem : `${stem}#${i + 1}`, options),
    );
    if (input.kind === 'lines' && input.skipped > 0)
      for (const t of transcripts) t.meta = { ...t.meta, skipped: input.skipped };
    return transcripts;
  },
};

function isTrajectoryRow(value: unknown): value is Json {
  if (!isPlainObject(value) || !Array.isArray(value['trajectory'])) return false;
  const first: unknown = (value['trajectory'] as unknown[])[0];
  return (
    isPlainObject(first) && typeof first['role'] === 'string' && ('text' in first || 'system_prompt' in first)
  );
}

function fromRow(row: Json, fallbackId: string, options: ParseOptions): Transcript {
  const messages: DraftMessage[] = [];
  for (const turn of row['trajectory'] as unknown[]) {
    if (!isPlainObject(turn)) continue;
    const role = ROLES[String(turn['role'])] ?? 'user';
    const text =
      typeof turn['text'] === 'string'
        ? turn['text']
        : role === 'system' && typeof turn['system_prompt'] === 'string'
          ? turn['system_prompt']
          : '';
    messages.push({ role, content: text });
  }
  const meta: TranscriptMeta = scalarMeta(row, ['trajectory']);
  if (typeof row['model_name'] === 'string') meta.model = row['model_name'];
  const id = typeof row['instance_id'] === 'string' ? row['instance_id'] : fallbackId;
  const title = firstPromptTitle(messages);
  return buildTranscript({
    id,
    format: 'adp',
    messages,
    meta,
    ...(title !== undefined ? { title } : {}),
    ...(options.source !== undefined ? { source: options.source } : {}),
  });
}
