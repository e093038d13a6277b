import { assertNever } from '../../errors.js';
import { JSONL_HEADER_KEY } from './formats/anthropic.js';
import { exportText } from './export-text.js';
import { toRequest, type Transcript } from './types.js';

export type ExportFormat = 'anthropic' | 'jsonl' | 'text';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['anthropic', 'jsonl', 'text'];

/**
 * Transcripts as text:
 * - `anthropic`: the Messages API request body (one object, or an array for several), 2-space indent;
 * - `jsonl`: per transcript a `{"transcript": {id, format, title, system, tools, extra, meta}}` header
 *   line, then one message per line (the `anthropic` importer reads it back to equal transcripts);
 * - `text`: for people (role headers, tool calls as `→ name(args)`, results indented).
 */
export function exportTranscripts(transcripts: readonly Transcript[], format: ExportFormat): string {
  switch (format) {
    case 'anthropic': {
      const bodies = transcripts.map(toRequest);
      return `${JSON.stringify(bodies.length === 1 ? bodies[0] : bodies, null, 2)}\n`;
    }
    case 'jsonl':
      return transcripts.map(jsonlLines).join('');
    case 'text':
      return exportText(transcripts);
    default:
      return assertNever(format);
  }
}

function jsonlLines(transcript: Transcript): string {
  const { messages, ...rest } = transcript;
  const header: Partial<Transcript> = { ...rest };
  delete header.source; // where it was read from is not part of the transcript's content
  const lines = [JSON.stringify({ [JSONL_HEADER_KEY]: header }), ...messages.map((m) => JSON.stringify(m))];
  return `${lines.join('\n')}\n`;
}
