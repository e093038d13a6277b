/**
 * aider's repo map inside a message: signature lines in a `│` margin with `⋮...` between them.
 * Its summary keeps the names of the top-level definitions and counts the nested ones, dropping
 * signatures, bodies and elision lines.
 */

const MARGIN = /^│/;
const ELISION = /^⋮/;
/** A definition line: the keyword and the name it defines. */
const DEFINITION =
  /^(\s*)(?:export\s+)?(?:default\s+)?(?:async\s+)?(def|class|function|fn|func|interface|type|struct|enum|trait|impl|module)\s+([A-Za-z_$][\w$]*)/;
/** Share of a paragraph's lines in the margin or eliding for it to be a repo map. */
const MAP_SHARE = 0.6;

/** True when most lines of a paragraph are repo-map lines. */
export function isRepoMap(lines: readonly string[]): boolean {
  const map = lines.filter((line) => MARGIN.test(line) || ELISION.test(line)).length;
  return lines.length > 0 && map / lines.length >= MAP_SHARE;
}

/**
 * One line per group of margin lines: the top-level names by kind, a class with the count of
 * the definitions nested in it (`│ def main, load; class Coder (+74)`); other lines (paths,
 * headers) stay. Returns the lines unchanged when that is not shorter.
 */
export function reduceRepoMap(lines: readonly string[]): string[] {
  const out: string[] = [];
  let names: { kind: string; name: string; nested: number }[] = [];
  const flush = (): void => {
    if (names.length > 0) out.push(`│ ${summarizeNames(names)}`);
    names = [];
  };
  for (const line of lines) {
    if (ELISION.test(line)) continue;
    if (!MARGIN.test(line)) {
      flush();
      out.push(line);
      continue;
    }
    const definition = DEFINITION.exec(line.slice(1));
    if (!definition) continue;
    const last = names[names.length - 1];
    if (definition[1] !== '' && last) last.nested++;
    else if (definition[1] === '') names.push({ kind: definition[2]!, name: definition[3]!, nested: 0 });
  }
  flush();
  return out.join('\n').length < lines.join('\n').length ? out : [...lines];
}

/** `def a, b; class C (+3)`: runs of one kind share their keyword. */
function summarizeNames(names: readonly { kind: string; name: string; nested: number }[]): string {
  const parts: string[] = [];
  let kind = '';
  for (const { kind: k, name, nested } of names) {
    const label = nested > 0 ? `${name} (+${nested})` : name;
    if (k === kind) parts[parts.length - 1] += `, ${label}`;
    else parts.push(`${k} ${label}`);
    kind = k;
  }
  return parts.join('; ');
}
