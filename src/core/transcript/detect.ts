import { GardenerError } from '../../errors.js';
import type { FormatImporter } from './formats/importer.js';
import { jsonShape, readJson } from './formats/json-input.js';
import { listFormats } from './formats/registry.js';

/** Below this sniff score a format is not taken. */
export const MIN_CONFIDENCE = 0.3;

export interface Detection {
  importer: FormatImporter;
  confidence: number;
  /** Every format's score, best first. */
  scores: Array<{ name: string; score: number }>;
}

/**
 * The format of a text: the importer with the best sniff score (ties go to the more specific one).
 * JSON that does not parse is reported as such (with line and column); a text no importer claims is
 * `INPUT_UNKNOWN_FORMAT`, listing the known formats.
 */
export function detect(text: string, fileName?: string): Detection {
  const where = fileName ?? '<input>';
  if (text.trim() === '') throw new GardenerError('INPUT_INVALID', 'input is empty', { where });
  const scores = listFormats().map((importer) => ({
    importer,
    score: clamp(importer.sniff(text, fileName)),
  }));
  const ranked = [...scores].sort((a, b) => b.score - a.score);
  const best = ranked[0];
  if (best && best.score >= MIN_CONFIDENCE) {
    return {
      importer: best.importer,
      confidence: best.score,
      scores: ranked.map((s) => ({ name: s.importer.name, score: s.score })),
    };
  }
  if (jsonShape(text).kind === 'invalid') readJson(text, { source: where }); // throws the located JSON error
  const names = listFormats()
    .map((f) => f.name)
    .join(', ');
  throw new GardenerError(
    'INPUT_UNKNOWN_FORMAT',
    `cannot tell the transcript format of this input (known formats: ${names})`,
    {
      where,
      hint: 'name the format with --from <format>',
    },
  );
}

function clamp(score: number): number {
  return Number.isFinite(score) ? Math.min(1, Math.max(0, score)) : 0;
}
