import { occursIn } from '../../src/doors/bench/needles.js';
import { passageWords } from '../../src/core/recall/passage-words.js';
import { lineWeights, splitLines, tokensByLine } from '../../src/core/recall/passages.js';
import { parseQuery } from '../../src/core/recall/query.js';
import { selectTerms } from '../../src/core/recall/terms-select.js';
import type { RecallResult } from '../../src/core/store/index.js';
import type { GardenerStore } from '../../src/core/store/types.js';

/** Lines holding the needle described at most, and characters of each line and of a hit's text kept. */
const MAX_NEEDLE_LINES = 3;
const LINE_CHARS = 200;
const SHOWN_CHARS = 6_000;

/**
 * A needle whose holder is among the hits but whose hit does not show it: where the needle's line
 * is, what it holds of the query's words (as a hit's passages weigh them), and what the hit shows
 * instead (its windows' labels, its text), to see why the windows missed it.
 */
export function describeShownMiss(
  store: GardenerStore,
  q: { needle: string; query: string },
  result: RecallResult,
  holderId: string,
): Record<string, unknown> {
  const original = store.fetch(holderId)?.original ?? '';
  const selection = selectTerms(parseQuery(q.query), store.index.vocab);
  const words = passageWords(selection, q.query);
  const lines = splitLines(original);
  const byLine = tokensByLine(original, lines, words.words);
  const weights = lineWeights(byLine, lines.texts.length, words.weight);
  const weightOf = (tokens: Iterable<string>) =>
    [...tokens].map((t) => `${t}:${(weights.get(t) ?? 0).toFixed(1)}`).sort();
  const needleLines = lines.texts.flatMap((text, i) => (occursIn(text, q.needle) ? [i] : []));
  const rank = result.hits.findIndex((h) => h.id === holderId);
  const hit = result.hits[rank];
  const strongest = [...weights].sort((a, b) => b[1] - a[1]).slice(0, 8);
  return {
    miss: 'shown',
    needle: q.needle,
    query: q.query.slice(0, 600),
    rank,
    form: hit?.form,
    // The words ranked by (a star: the holder's original holds it); a hit of none shows its summary.
    terms: selection.terms
      .map((t) => `${t.token}${occursIn(original.toLowerCase(), t.token) ? '*' : ''}`)
      .join(' '),
    holderChars: original.length,
    holderLines: lines.texts.length,
    hitChars: result.hits.map((h) => h.text.length),
    windows: (hit?.text ?? '').match(/\[lines? [\d-]+\]/g) ?? [],
    needleLines: needleLines.slice(0, MAX_NEEDLE_LINES).map((i) => ({
      line: i + 1,
      text: (lines.texts[i] ?? '').slice(0, LINE_CHARS),
      words: weightOf(byLine.get(i) ?? []),
      nearby: weightOf(
        [i - 2, i - 1, i + 1, i + 2]
          .flatMap((n) => [...(byLine.get(n) ?? [])])
          .filter((t, k, a) => a.indexOf(t) === k),
      ),
    })),
    strongest: strongest.map(([t, w]) => `${t}:${w.toFixed(1)}`),
    shown: (hit?.text ?? '').slice(0, SHOWN_CHARS),
  };
}
