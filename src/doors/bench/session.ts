import type { Transcript } from '../../core/transcript/index.js';
import { splitCalls } from './calls.js';
import { toolResultTest } from './tool-results.js';
import type { BenchSession } from './types.js';

/** A transcript ready to replay, labelled for reports. */
export function toBenchSession(transcript: Transcript, label: string): BenchSession {
  return { transcript, label, calls: splitCalls(transcript), isToolResult: toolResultTest(transcript) };
}
