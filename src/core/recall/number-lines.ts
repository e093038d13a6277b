/** A window's label in a hit's passages (passages.ts `spanLabel`): `[lines 230-236]`, or `[line 9] text`. */
const SPAN = /^\[lines (\d+)-(\d+)\]$/;
const ONE = /^\[line (\d+)\] /;
/** The notice a hit cut to the budget ends with (budget.ts `cutNotice`). */
const CUT = /^… \[cut to fit the recall budget/;

/**
 * A hit's passages with each line numbered, for a person reading them: a window gives its lines
 * once in its label (numbers on every line would cost the model as much as short lines do), and
 * the label says exactly how many lines follow, so their numbers are known. Lines outside a
 * window (a title's mark, a cut notice) stay as they are.
 */
/** The line fold.ts puts for a folded run: `… N similar … lines (A–B)`. */
const FOLD = /^… \d+ similar .*?lines \((\d+)–(\d+)\)/;

export function numberPassageLines(text: string): string {
  const out: string[] = [];
  let next = 0;
  let last = -1;
  let width = 0;
  for (const line of text.split('\n')) {
    // A folded run of look-alike lines (fold.ts) stands for its range: no number, the count moves on.
    const fold = next <= last ? FOLD.exec(line) : null;
    if (fold) {
      out.push(`${' '.repeat(width)}  ${line}`);
      next = Number(fold[2]) + 1;
      continue;
    }
    if (next <= last && !CUT.test(line)) {
      out.push(`${String(next).padStart(width)}| ${line}`);
      next++;
      continue;
    }
    last = -1;
    const span = SPAN.exec(line);
    if (span) {
      next = Number(span[1]);
      last = Number(span[2]);
      width = String(last).length;
      out.push(line);
      continue;
    }
    const one = ONE.exec(line);
    out.push(one ? `${one[1]}| ${line.slice(one[0].length)}` : line);
  }
  return out.join('\n');
}
