import type { Store } from '../../core/store/index.js';
import type { Transcript } from '../../core/transcript/index.js';
import { openSession } from '../kit/session.js';

/** The engine needs a budget; ingest never renders, so any size does. */
const INGEST_BUDGET = 1_000_000;

/** What storing one transcript did. */
export interface IngestReport {
  session: string;
  source: string;
  format: string;
  messages: number;
  /** Entries new to the store. */
  added: number;
  /** Entries the store already held (a re-ingest): counted by the store's deduplication. */
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
  const stored = { added: 0, known: 0 };
  const counting: Store = {
    ...store,
    ingest: (input) => {
      const result = store.ingest(input);
      stored[result.deduplicated ? 'known' : 'added']++;
      return result;
    },
  };
  const session = openSession({
    store: counting,
    scope: { project, session: name },
    budget: INGEST_BUDGET,
  });
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
      added: stored.added,
      known: stored.known,
      stripped: result.stripped,
      byClass,
    };
  } finally {
    session.close();
  }
}
