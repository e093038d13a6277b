import { describe, expect, it } from 'vitest';
import { coveringLines } from '../../../src/core/recall/cover-lines.js';
import { PAGE_CHARS, readInside } from '../../../src/core/recall/inside.js';

/** A `find` listing: hundreds of deep paths sharing the same common words, a few lines with a rare one. */
function listing(): { text: string; rare: string } {
  const paths = Array.from({ length: 600 }, (_, i) => `/testbed/moto/service${i % 40}/models_${i}.py`);
  for (let i = 0; i < 120; i++)
    paths[200 + i] =
      `/testbed/moto/stepfunctions/parser/asl/component/intrinsic/function/argument/string_json_path_${i}.py`;
  const rare = '/testbed/tests/test_athena/test_server_athena.py';
  paths[480] = rare;
  return { text: paths.join('\n'), rare };
}

describe('a search inside an entry that no line fully matches', () => {
  it('shows the line holding the rare word, not only forty look-alikes holding the common ones', () => {
    const { text, rare } = listing();
    const query = "client = boto3.client('athena') # parse the function argument string as json path";
    const result = readInside(text, { query });
    expect(result.match).toBe('best');
    expect(result.text).toContain(rare);
    expect(result.text).toContain('string_json_path_');
  });

  it('shows as many short lines as fit in half a page, and fewer long ones', () => {
    const names = Array.from({ length: 60 }, (_, i) => `zeta${String.fromCharCode(97 + (i % 26))}${i}`);
    const short = Array.from({ length: 3_000 }, (_, i) => `/srv/app/module_${i}.py`);
    names.forEach((name, i) => (short[40 * i + 20] = `/srv/app/${name}.py`));
    const query = `${names.join(' ')} absentword`;
    const shortResult = readInside(short.join('\n'), { query });
    expect(shortResult.match).toBe('best');
    for (const name of names) expect(shortResult.text).toContain(name);
    const long = short.map((line) => `${line} ${'-'.repeat(300)}`);
    const longResult = readInside(long.join('\n'), { query });
    expect(longResult.matches).toBeLessThan(names.length);
    expect(longResult.text.length).toBeLessThanOrEqual(PAGE_CHARS / 2);
  });
});

/** The first `n` lines coveringLines chooses. */
function firstLines(
  byLine: ReadonlyMap<number, ReadonlySet<string>>,
  weights: ReadonlyMap<string, number>,
  n: number,
) {
  const out: number[] = [];
  for (const line of coveringLines(byLine, weights)) {
    if (out.length >= n) break;
    out.push(line);
  }
  return out;
}

describe('coveringLines', () => {
  const weights = new Map([
    ['a', 1],
    ['b', 1],
    ['c', 1],
    ['z', 2],
  ]);

  it('starts with the best line, then takes a line that shows a word not shown yet', () => {
    const byLine = new Map<number, Set<string>>();
    for (let line = 0; line < 50; line++) byLine.set(line, new Set(['a', 'b', 'c']));
    byLine.set(70, new Set(['z']));
    const chosen = firstLines(byLine, weights, 3);
    expect(chosen[0]).toBe(0);
    expect(chosen).toContain(70);
  });

  it('gives no line twice and stops at the lines there are', () => {
    const byLine = new Map([
      [3, new Set(['a'])],
      [5, new Set(['z'])],
    ]);
    expect(firstLines(byLine, weights, 10)).toEqual([5, 3]);
  });
});
