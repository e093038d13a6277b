/**
 * aider's repo map inside a message: signature lines in a `│` margin with `⋮...` between them.
 * Its summary keeps the top-level signatures whole and the names of nested definitions as one
 * list per parent, dropping bodies and elision lines.
 */

const MARGIN = /^│/;
const ELISION = /^⋮/;
/** A definition line: the keyword and the name it defines. */
const DEFINITION =
  /^(\s*)(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:def|class|function|fn|func|interface|type|struct|enum|trait|impl|module)\s+([A-Za-z_$][\w$]*)/;
/** Share of a paragraph's lines in the margin or eliding for it to be a repo map. */
const MAP_SHARE = 0.6;

/** True when most lines of a paragraph are repo-map lines. */
export function isRepoMap(lines: readonly string[]): boolean {
  const map = lines.filter((line) => MARGIN.test(line) || ELISION.test(line)).length;
  return lines.length > 0 && map / lines.length >= MAP_SHARE;
}

/**
 * Top-level definitions whole (without body lines), nested ones as `│    … name, name` under
 * their parent; other lines (paths, headers) stay. Returns the lines unchanged when that is
 * not shorter.
 */
export function reduceRepoMap(lines: readonly string[]): string[] {
  const out: string[] = [];
  let nested: string[] = [];
  const flush = (): void => {
    if (nested.length > 0) out.push(`│    … ${nested.join(', ')}`);
    nested = [];
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
    if (definition[1] === '') {
      flush();
      out.push(line);
    } else nested.push(definition[2]!);
  }
  flush();
  return out.join('\n').length < lines.join('\n').length ? out : [...lines];
}
