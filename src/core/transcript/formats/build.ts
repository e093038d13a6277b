import { GardenerError } from '../../../errors.js';
import type { TextBlockParam, ToolUnion, Transcript, TranscriptMeta } from '../types.js';
import { toRequest } from '../types.js';
import { formatIssues, validate } from '../validate.js';
import type { DraftMessage } from './draft.js';
import { repairMessages, type RepairCounts } from './repair.js';

/** What an importer hands over: a transcript whose messages are still drafts. */
export interface TranscriptDraft {
  id: string;
  format: string;
  source?: string;
  title?: string;
  system?: string | TextBlockParam[];
  tools?: ToolUnion[];
  extra?: Record<string, unknown>;
  meta?: TranscriptMeta;
  messages: DraftMessage[];
  /** Repairs the importer already made (e.g. tool arguments that were not JSON). */
  repairs?: RepairCounts;
}

/**
 * Repairs the draft's messages, folds leading system messages into the system prompt, records the
 * repairs in `meta.repairs` (total) and `meta.repairKinds`, and checks the result with `validate`.
 * Throws `INPUT_INVALID` naming the source when the transcript is empty or still invalid.
 */
export function buildTranscript(draft: TranscriptDraft): Transcript {
  const where = draft.source ?? '<input>';
  const repaired = repairMessages(draft.messages);
  if (repaired.messages.length === 0) {
    throw new GardenerError('INPUT_INVALID', `transcript ${draft.id} holds no messages`, { where });
  }
  const transcript: Transcript = { id: draft.id, format: draft.format, messages: repaired.messages };
  if (draft.source !== undefined) transcript.source = draft.source;
  if (draft.title !== undefined) transcript.title = draft.title;
  const system = joinSystem(draft.system, repaired.system);
  if (system !== undefined) transcript.system = system;
  if (draft.tools !== undefined && draft.tools.length > 0) transcript.tools = draft.tools;
  if (draft.extra !== undefined && Object.keys(draft.extra).length > 0) transcript.extra = draft.extra;
  const meta = withRepairs(draft.meta ?? {}, addCounts(draft.repairs ?? {}, repaired.repairs));
  if (Object.keys(meta).length > 0) transcript.meta = meta;

  const result = validate(toRequest(transcript));
  if (!result.ok) {
    throw new GardenerError(
      'INPUT_INVALID',
      `transcript ${draft.id} is not a valid Messages API request:\n${formatIssues(result)}`,
      { where },
    );
  }
  return transcript;
}

function joinSystem(
  explicit: string | TextBlockParam[] | undefined,
  leading: string[],
): string | TextBlockParam[] | undefined {
  if (leading.length === 0) return explicit;
  if (explicit === undefined) return leading.join('\n\n');
  if (typeof explicit === 'string') return [explicit, ...leading].filter((s) => s !== '').join('\n\n');
  return [...explicit, ...leading.map((text): TextBlockParam => ({ type: 'text', text }))];
}

function addCounts(a: RepairCounts, b: RepairCounts): RepairCounts {
  const sum: RepairCounts = { ...a };
  for (const [kind, n] of Object.entries(b) as Array<[keyof RepairCounts, number]>)
    sum[kind] = (sum[kind] ?? 0) + n;
  return sum;
}

function withRepairs(meta: TranscriptMeta, repairs: RepairCounts): TranscriptMeta {
  const total = Object.values(repairs).reduce((sum, n) => sum + n, 0);
  if (total === 0) return meta;
  return { ...meta, repairs: total, repairKinds: repairs };
}
