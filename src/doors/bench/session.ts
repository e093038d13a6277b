import type { Transcript } from '../../core/transcript/index.js';
import { splitCalls } from './calls.js';
import { toolResultTest } from './tool-results.js';
import type { BenchSession } from './types.js';

/**
 * A transcript ready to replay, labelled for reports, and of a fold when one is given; named as
 * labelled unless its name, which must not depend on where the run starts, is given apart.
 */
export function toBenchSession(
  transcript: Transcript,
  label: string,
  fold?: string,
  name: string = label,
): BenchSession {
  const session: BenchSession = {
    transcript,
    label,
    name,
    calls: splitCalls(transcript),
    isToolResult: toolResultTest(transcript),
  };
  if (fold !== undefined) session.fold = fold;
  return session;
}
