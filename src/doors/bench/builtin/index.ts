import type { Transcript } from '../../../core/transcript/index.js';
import { cacheQuestionSession } from './sessions/cache-question.js';
import { pipelineKeyErrorSession } from './sessions/pipeline-keyerror.js';
import { retryConfigSession } from './sessions/retry-config.js';
import { vatRoundingSession } from './sessions/vat-rounding.js';

/** Where the built-in sessions say they come from. */
export const BUILTIN_SOURCE = 'builtin';

/** The sessions `gardener bench` runs with no path: generated, deterministic, realistic. */
export function builtinSessions(): Transcript[] {
  return [vatRoundingSession(), retryConfigSession(), pipelineKeyErrorSession(), cacheQuestionSession()].map(
    (t) => ({ ...t, source: `${BUILTIN_SOURCE}/${t.id}` }),
  );
}
