import type { Transcript } from '../types.js';

export interface ParseOptions {
  /** File the text came from (used for ids, error locations and `Transcript.source`). */
  source?: string;
  /** Skip JSONL lines that are not valid JSON (counted in `meta.skipped`) instead of failing. */
  lenient?: boolean;
  /** agent-sdk only: keep thinking blocks as text blocks (the default omits them). */
  includeThinking?: boolean;
}

/**
 * One transcript format: how sure it is that a text is its own (`sniff`) and how to turn it into
 * canonical transcripts (`parse`). Every transcript `parse` returns passes `validate(toRequest(t))`.
 */
export interface FormatImporter {
  name: string;
  description: string;
  /**
   * What `sniff` and `parse` read of the text: `json` only through json-input (so a document parsed
   * there from the bytes can stand in for the text), `text` the characters themselves.
   */
  reads: 'json' | 'text';
  /** 0 (not this format) … 1 (certainly this format). Cheap: looks at the start of the text. */
  sniff(text: string, fileName?: string): number;
  /** Throws `GardenerError('INPUT_INVALID')` naming the file and line when the text is malformed. */
  parse(text: string, options?: ParseOptions): Transcript[];
}
