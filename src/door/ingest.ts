import type { Store } from '../store/types.js';
import type { Transcript } from '../transcript/types.js';
import { openSession } from './session.js';

/** The engine needs a budget; ingest never renders, so any size does. */
const INGEST_BUDGET = 1_000_000;

/** What storing one transcript did. */
export interface IngestReport {
  session: string;
  source: string;
  format: string;
  messages: number;
  /** Blocks new to the store. */
  added: number;
  /** Blocks the store already held (a re-ingest). */
  known: number;
  /** Injected regions removed before storing. */
  stripped: number;
  byClass: Record<string, { blocks: number; tokens: number }>;
}

/**
 * Stores every block of a transcript through the engine (classified, summarised, originals kept),
 * in the session `session` or, when none is given, the transcript's own id.
 */
export function ingestTranscript(
  store: Store,
  project: string,
  transcript: Transcript,
  options: { session?: string; source: string },
): IngestReport {
  const name = options.session?.trim() || transcript.id;
  const session = openSession({ store, scope: { project, session: name }, budget: INGEST_BUDGET });
  const { garden } = session;
  try {
    const result = garden.sync(transcript);
    const settled = garden.settle();
    const byClass = { ...result.byClass };
    for (const [cls, row] of Object.entries(settled.byClass)) {
      const into = (byClass[cls] ??= { blocks: 0, tokens: 0 });
      into.blocks += row.blocks;
      into.tokens += row.tokens;
    }
    return {
      session: name,
      source: transcript.source ?? options.source,
      format: transcript.format,
      messages: transcript.messages.length,
      added: result.added,
      known: result.known,
      stripped: result.stripped,
      byClass,
    };
  } finally {
    session.close();
  }
}
