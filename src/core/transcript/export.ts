import { assertNever } from '../../errors.js';
import { JSONL_HEADER_KEY } from './formats/anthropic.js';
import { exportText } from './export-text.js';
import { toRequest, type MessageParam, type Transcript } from './types.js';

export type ExportFormat = 'anthropic' | 'jsonl' | 'text';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['anthropic', 'jsonl', 'text'];

/** A transcript whose messages may come one at a time as they are read (each read once, in order). */
export type StreamedTranscript = Omit<Transcript, 'messages'> & { messages: Iterable<MessageParam> };

/**
 * Transcripts as text:
 * - `anthropic`: the Messages API request body (one object, or an array for several), 2-space indent;
 * - `jsonl`: per transcript a `{"transcript": {id, format, title, system, tools, extra, meta}}` header
 *   line, then one message per line (the `anthropic` importer reads it back to equal transcripts);
 * - `text`: for people (role headers, tool calls as `→ name(args)`, results indented).
 */
export function exportTranscripts(transcripts: readonly Transcript[], format: ExportFormat): string {
  return [...exportPieces(transcripts, format)].join('');
}

/**
 * The text of exportTranscripts in pieces, a message at a time for `anthropic` and `jsonl`: a
 * writer holds one piece, not the whole output beside the transcripts it is made from, and messages
 * that come as they are read are read one at a time. Joined, the pieces are exactly
 * exportTranscripts' text.
 */
export function* exportPieces(
  transcripts: readonly StreamedTranscript[],
  format: ExportFormat,
): Generator<string> {
  switch (format) {
    case 'anthropic':
      if (transcripts.length === 1) yield* bodyPieces(transcripts[0]!, 0);
      else {
        yield transcripts.length === 0 ? '[]' : '[\n';
        for (const [i, transcript] of transcripts.entries()) {
          yield i === 0 ? INDENT : `,\n${INDENT}`;
          yield* bodyPieces(transcript, 1);
        }
        if (transcripts.length > 0) yield '\n]';
      }
      yield '\n';
      return;
    case 'jsonl':
      for (const transcript of transcripts) yield* jsonlLines(transcript);
      return;
    case 'text':
      yield exportText(
        transcripts.map((transcript) => ({ ...transcript, messages: [...transcript.messages] })),
      );
      return;
    default:
      return assertNever(format);
  }
}

const INDENT = '  ';

/** JSON.stringify(value, null, 2) as it reads nested `depth` levels deep (strings hold no raw newline). */
function nested(value: unknown, depth: number): string {
  const text = JSON.stringify(value, null, 2);
  return depth === 0 ? text : text.replaceAll('\n', `\n${INDENT.repeat(depth)}`);
}

/**
 * One request body as JSON.stringify(body, null, 2) writes it `depth` levels deep, its messages
 * one piece each. The body is written with a placeholder for its messages, so that its other
 * fields keep the place and form JSON.stringify gives them; the messages array replaces it.
 */
function* bodyPieces(transcript: StreamedTranscript, depth: number): Generator<string> {
  const placeholder = `\u0000gardener-messages-${depth}\u0000`;
  const head = nested(toRequest({ ...transcript, messages: placeholder as never }), depth);
  const at = head.indexOf(JSON.stringify(placeholder));
  yield head.slice(0, at);
  const inner = INDENT.repeat(depth + 2);
  let first = true;
  for (const message of transcript.messages) {
    yield `${first ? '[\n' : ',\n'}${inner}${nested(message, depth + 2)}`;
    first = false;
  }
  yield first ? '[]' : `\n${INDENT.repeat(depth + 1)}]`;
  yield head.slice(at + JSON.stringify(placeholder).length);
}

function* jsonlLines(transcript: StreamedTranscript): Generator<string> {
  const { messages, ...rest } = transcript;
  const header: Partial<Transcript> = { ...rest };
  delete header.source; // where it was read from is not part of the transcript's content
  yield `${JSON.stringify({ [JSONL_HEADER_KEY]: header })}\n`;
  for (const message of messages) yield `${JSON.stringify(message)}\n`;
}
