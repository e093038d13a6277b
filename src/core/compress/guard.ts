import { debug } from '../../debug.js';
import type { CompressContext, Compressor, Summary } from './types.js';

/** The result of a compressor that cannot help: the original, unchanged, and why. */
export function unchanged(text: string, note: string): Summary {
  return { text, helped: false, note };
}

/**
 * The first line of every summary gardener's own compressors write (`[log: …]`, `[diff: …]`,
 * `[error: …]`, `[pytest: …]`…). A text that starts with one is already a summary.
 */
const SUMMARY_HEADER =
  /^\[(?:log|listing|diff|error|mixed|pytest|jest|vitest|mocha|go test|cargo test|unittest|tox): [^\]\n]*\]/;

/** True when the text is already one of gardener's summaries (compressing it again would only churn). */
export function isSummaryText(text: string): boolean {
  return SUMMARY_HEADER.test(text.trimStart());
}

/**
 * Wraps a compressor with the guarantees every compressor owes: it never throws (a throw gives
 * the original with a note), never returns a longer text (compared by length), and a result
 * that is not shorter is reported as `helped: false` with the original text.
 */
export function guarded(name: string, compressor: Compressor): Compressor {
  return (text: string, context: CompressContext): Summary => {
    let summary: Summary;
    try {
      summary = compressor(text, context);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      debug('compress', `${name} compressor threw; original kept`, { message, length: text.length });
      return unchanged(text, `${name} compressor failed: ${message.slice(0, 120)}`);
    }
    if (!summary.helped)
      return summary.text === text ? summary : unchanged(text, summary.note ?? `${name}: no gain`);
    if (summary.text.length >= text.length)
      return unchanged(text, `${name}: summary not shorter than the original`);
    return summary;
  };
}
