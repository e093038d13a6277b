/**
 * `grep -rn` output (and Claude Code's Grep in content mode): `path:12:text` for a match,
 * `path-12-text` for a context line (`-C2`), `--` between groups. The context lines are what an
 * agent rarely comes back to: a summary keeps the match lines as they are (`path:12` is what a
 * later Read or Edit quotes), long ones cut, and counts the context lines it leaves out.
 */

/** Share of the lines (separators aside) that must be match or context lines. */
const MIN_SHARE = 0.8;
/** Matches written out; the rest are counted per file. */
const MAX_MATCHES = 40;
/** Characters of a match's text kept (it is cut in the middle of nothing: at the end, with a mark). */
const MAX_MATCH_CHARS = 160;

const MATCH = /^(.+?):(\d+):(.*)$/;
const CONTEXT = /^(.+?)-(\d+)-(.*)$/;
const SEPARATOR = /^--$/;
/** What a path of a grep line looks like: no spaces, a folder or an extension. */
const PATH = /^[^\s:]*[/.][^\s:]*$/;

interface GrepLine {
  path: string;
  line: number;
  text: string;
  match: boolean;
}

function parse(line: string): GrepLine | undefined {
  const match = MATCH.exec(line);
  if (match && PATH.test(match[1] ?? ''))
    return { path: match[1] ?? '', line: Number(match[2]), text: match[3] ?? '', match: true };
  const context = CONTEXT.exec(line);
  if (context && PATH.test(context[1] ?? ''))
    return { path: context[1] ?? '', line: Number(context[2]), text: context[3] ?? '', match: false };
  return undefined;
}

/**
 * True when the lines are grep output with line numbers and context: at least one match and one
 * context line. Without context there is nothing to leave out but the paths, and the log
 * compressor's summary of the matches is the shorter one.
 */
export function isGrepOutput(lines: readonly string[]): boolean {
  const body = lines.filter((line) => !SEPARATOR.test(line));
  if (body.length === 0) return false;
  const parsed = body.map(parse);
  const found = parsed.filter((line) => line !== undefined);
  return (
    found.length / body.length >= MIN_SHARE &&
    found.some((line) => line.match) &&
    found.some((line) => !line.match)
  );
}

function cut(text: string): string {
  const trimmed = text.trim();
  return trimmed.length <= MAX_MATCH_CHARS ? trimmed : `${trimmed.slice(0, MAX_MATCH_CHARS)}…`;
}

/** The match lines (past MAX_MATCHES counted per file), the context lines counted. */
export function grepLines(lines: readonly string[]): { out: string[]; note: string } {
  const out: string[] = [];
  const past = new Map<string, number>();
  const files = new Set<string>();
  let context = 0;
  let matches = 0;
  for (const line of lines) {
    if (SEPARATOR.test(line)) continue;
    const parsed = parse(line);
    if (parsed === undefined) out.push(line);
    else if (!parsed.match) context++;
    else {
      files.add(parsed.path);
      matches++;
      if (matches <= MAX_MATCHES) out.push(`${parsed.path}:${parsed.line}: ${cut(parsed.text)}`);
      else past.set(parsed.path, (past.get(parsed.path) ?? 0) + 1);
    }
  }
  for (const [path, count] of past) out.push(`[… ${count} more in ${path}]`);
  const left = context > 0 ? `, ${context} context lines left out` : '';
  const noun = (n: number, word: string, plural: string) => `${n} ${n === 1 ? word : plural}`;
  return {
    out,
    note: `grep, ${noun(matches, 'match', 'matches')} in ${noun(files.size, 'file', 'files')}${left}`,
  };
}
