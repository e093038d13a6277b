import type { ContentClass } from '../classify/index.js';
import { rewrapToolOutput, unwrapToolOutput } from '../transcript/index.js';
import { guarded, unchanged } from './guard.js';
import { namesBudget, paysForFrame } from './frame.js';
import { MAX_NAMES_CHARS, namesLineAndRest } from '../names/index.js';
import { digestLog } from './log/digest.js';
import { compressorFor, sniffedCompressor } from './registry.js';
import type { CompressContext, Summary } from './types.js';

/**
 * Compresses a block's text with the compressor of its class. `prompt` (what the user typed) is
 * never compressed. The envelope an agent wrapped its tool output in (its exit code line or tags,
 * status lines, quoting: each agent's format module knows its own) is taken off, the body
 * compressed, and the envelope's compact form put back. Logs and errors holding an embedded
 * stack trace or JSON document are split and each part compressed on its own.
 *
 * Guarantees, enforced here whatever the compressors do: never throws (a failure gives the
 * original with `helped: false` and a note), never returns a longer text, deterministic. The frame
 * has a budget (frame.ts): the names line a share of the block, and a summary that would not pay
 * for its header is not given (`helped: false`).
 */
export function compress(cls: ContentClass, text: string, context: CompressContext = {}): Summary {
  if (cls === 'prompt') return unchanged(text, 'prompt: never compressed');
  if (cls === 'log' && context.pastWindow === true) return digest(text, context);
  const whole = sniffedCompressor(cls, text, 'text');
  const summary = whole === undefined ? dispatch(cls, text, context) : whole(text, context);
  if (!summary.helped) return summary;
  if (!paysForFrame(text.length, summary.text.length))
    return unchanged(text, `${summary.note ?? cls}; not worth its frame`);
  const names = namesLineAndRest(text, summary.text, namesBudget(text.length, MAX_NAMES_CHARS));
  const named = names.line === '' ? summary.text : `${summary.text}\n${names.line}`;
  if (!paysForFrame(text.length, named.length)) {
    const leftOut = names.listed + names.more;
    return leftOut > 0 ? { ...summary, namesLeftOut: leftOut } : summary;
  }
  return names.more > 0 ? { ...summary, text: named, namesLeftOut: names.more } : { ...summary, text: named };
}

/** A log past any context window: one digest of all its lines (log/digest.ts), no names line. */
const digest = guarded('digest', (text) => digestLog(text));

const dispatch = (cls: Exclude<ContentClass, 'prompt'>, text: string, context: CompressContext): Summary =>
  guarded('dispatch', (input, ctx) => compressEnveloped(cls, input, ctx))(text, context);

function compressEnveloped(
  cls: Exclude<ContentClass, 'prompt'>,
  text: string,
  context: CompressContext,
): Summary {
  const envelope = unwrapToolOutput(text);
  const inner = compressorFor(cls, envelope.body)(envelope.body, context);
  if (envelope.kind === 'none') return inner;
  const rewrapped = rewrapToolOutput(envelope, inner.text);
  if (rewrapped.trim() === '' || rewrapped.length >= text.length)
    return unchanged(text, inner.note ?? 'envelope kept');
  return { text: rewrapped, helped: true, note: inner.helped ? inner.note : 'envelope compacted' };
}

export type { CompressContext, Summary } from './types.js';
