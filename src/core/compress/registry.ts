import { compressCode } from './code/index.js';
import { compressEditEcho, isEditEcho } from './edit-echo.js';
import { compressError } from './error/index.js';
import { guarded } from './guard.js';
import { compressListing, listingKind } from './listing/index.js';
import { compressLog } from './log/index.js';
// mixed.ts reads this table for its segments' compressors; both sides touch the other only at call time.
import { compressMixed, isMixed } from './mixed.js';
import { compressProse } from './prose/index.js';
import { compressStructured } from './structured/index.js';
import type { CompressibleClass, Compressor } from './types.js';

/**
 * A compressor that takes a text over from its class's own when its sniffer recognises the text.
 * `reads` says what the sniffer looks at: the block's whole `text`, or the `body` inside an agent
 * envelope (compress() takes the envelope off first).
 */
interface SniffedCompressor {
  readonly name: string;
  readonly reads: 'text' | 'body';
  /** The classes whose text it may take over. */
  readonly classes: readonly CompressibleClass[];
  readonly sniff: (text: string) => boolean;
  readonly compress: Compressor;
}

/** Every class's own compressor: what a text of that class gets when no sniffer claims it. */
const OWN: Readonly<Record<CompressibleClass, Compressor>> = {
  log: guarded('log', compressLog),
  error: guarded('error', compressError),
  code: guarded('code', compressCode),
  structured: guarded('structured', compressStructured),
  prose: guarded('prose', compressProse),
};

const EVERY_CLASS = Object.keys(OWN) as CompressibleClass[];

/**
 * The sniffed compressors, tried in this order before the class's own. To add one: a row here.
 * An edit tool's echo is recognised whatever its class; a listing in any class but code (a code
 * file can look like a list of paths); a log or error holding an embedded trace or JSON document
 * is split and each part given its own class's compressor.
 */
const SNIFFED: readonly SniffedCompressor[] = [
  {
    name: 'edit',
    reads: 'text',
    classes: EVERY_CLASS,
    sniff: isEditEcho,
    compress: guarded('edit', compressEditEcho),
  },
  {
    name: 'listing',
    reads: 'body',
    classes: EVERY_CLASS.filter((cls) => cls !== 'code'),
    sniff: (body) => listingKind(body) !== undefined,
    compress: guarded('listing', compressListing),
  },
  {
    name: 'mixed',
    reads: 'body',
    classes: ['log', 'error'],
    sniff: isMixed,
    compress: guarded('mixed', compressMixed),
  },
];

/** A class's own compressor, guarded (it never throws and never lengthens). */
export function ownCompressor(cls: CompressibleClass): Compressor {
  return OWN[cls];
}

/** The first sniffed compressor that claims this text of this class, read as `reads`; undefined when none does. */
export function sniffedCompressor(
  cls: CompressibleClass,
  text: string,
  reads: SniffedCompressor['reads'],
): Compressor | undefined {
  return SNIFFED.find((entry) => entry.reads === reads && entry.classes.includes(cls) && entry.sniff(text))
    ?.compress;
}

/** The compressor for an unwrapped body of a class: a sniffed one that claims it, else the class's own. */
export function compressorFor(cls: CompressibleClass, body: string): Compressor {
  return sniffedCompressor(cls, body, 'body') ?? ownCompressor(cls);
}
