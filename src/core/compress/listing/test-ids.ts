/**
 * A list of test ids (`pytest --collect-only -q`: `tests/test_a.py::TestX::test_y[param]`): one
 * line per file with its tests, each class named once, a parametrized test once with its count.
 * The file paths and test names stay whole; the repeated `path::Class::` prefixes go.
 */

const TEST_ID = /^([\w./\\-]+\.\w+)::(\S.*)$/;
/**
 * Test names shown per file (a parametrized test counts once); the rest are counted. 3 show as
 * many of the names an agent uses later as 8, in fewer tokens; 2 show fewer (docs/BENCH.md § Provenance).
 */
const NAMES_PER_FILE = 3;
/** Share of lines that must be test ids (the rest: the `N tests collected` line, warnings). */
const MIN_SHARE = 0.8;

export function isTestIdList(lines: readonly string[]): boolean {
  return lines.filter((line) => TEST_ID.test(line.trim())).length / lines.length >= MIN_SHARE;
}

export function testIdLines(lines: readonly string[]): { out: string[]; note: string } {
  const files = new Map<string, Map<string, Map<string, { n: number; first: string }>>>();
  const other: string[] = [];
  let tests = 0;
  for (const line of lines) {
    const match = TEST_ID.exec(line.trim());
    if (!match) {
      other.push(line.trim());
      continue;
    }
    const parts = (match[2] ?? '').split('::');
    const name = parts.pop() ?? '';
    const owner = parts.join('::');
    const base = name.replace(/\[.*\]$/, '');
    const classes = files.get(match[1] ?? '') ?? new Map<string, Map<string, { n: number; first: string }>>();
    files.set(match[1] ?? '', classes);
    const names = classes.get(owner) ?? new Map<string, { n: number; first: string }>();
    classes.set(owner, names);
    const known = names.get(base);
    names.set(base, { n: (known?.n ?? 0) + 1, first: known?.first ?? name });
    tests += 1;
  }
  const out = [...files].map(([file, classes]) => {
    let room = NAMES_PER_FILE;
    let hidden = 0;
    const groups: string[] = [];
    for (const [owner, names] of classes) {
      const all = [...names].map(([base, { n, first }]) => (n > 1 ? `${base}[×${n}]` : first));
      const shown = all.slice(0, Math.max(0, room));
      room -= shown.length;
      hidden += all.length - shown.length;
      if (shown.length > 0) groups.push(owner === '' ? shown.join(' ') : `${owner}:: ${shown.join(' ')}`);
      else if (owner !== '') groups.push(`${owner}:: …`);
    }
    return `${file}: ${groups.join(' · ')}${hidden > 0 ? ` (+${hidden} more)` : ''}`;
  });
  return { out: [...out, ...other], note: `${tests} test ids in ${files.size} files` };
}
