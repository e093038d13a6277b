import { newFailure, type TestFailure } from './report.js';

/** The failures of one run, indexed by the test's own name. */
export interface Failures {
  list: TestFailure[];
  byName: Map<string, TestFailure[]>;
}

export function emptyFailures(): Failures {
  return { list: [], byName: new Map() };
}

/**
 * The failure record for a test, added when new. Runners name a failing test several times
 * (a verbose line, a section header, a summary line) in different spellings: they are merged,
 * the most qualified id and the first reason win.
 */
export function failureFor(
  failures: Failures,
  id: string,
  kind: TestFailure['kind'],
  reason?: string,
): TestFailure {
  const name = components(id).pop() ?? id;
  const candidates = failures.byName.get(name) ?? [];
  const found = candidates.find((failure) => sameTest(failure.id, id));
  if (found === undefined) {
    const failure = newFailure(id, kind, reason);
    failures.list.push(failure);
    candidates.push(failure);
    failures.byName.set(name, candidates);
    return failure;
  }
  if (qualification(id) > qualification(found.id)) found.id = id;
  if (found.reason === undefined && reason !== undefined && reason !== '') found.reason = reason;
  if (kind === 'error') found.kind = 'error';
  return found;
}

/** How much of a test's path an id spells out. */
function qualification(id: string): number {
  return components(id).length + (/\.\w+::/.test(id) ? 10 : 0);
}

/** Whether two spellings name the same test (`tests/a.py::TestX::test_y` and `TestX.test_y`). */
export function sameTest(a: string, b: string): boolean {
  if (a === b) return true;
  const ca = components(a);
  const cb = components(b);
  if (ca[ca.length - 1] !== cb[cb.length - 1]) return false;
  const pa = ca[ca.length - 2];
  const pb = cb[cb.length - 2];
  if (pa === undefined || pb === undefined) return true;
  return pa === pb || /\.\w+$/.test(pa) || /\.\w+$/.test(pb);
}

/** Splits a test id on `::`, jest's ` › `, vitest's ` > `, or on dots outside brackets when it has none of those. */
export function components(id: string): string[] {
  for (const separator of ['::', ' › ', ' > ']) if (id.includes(separator)) return id.split(separator);
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < id.length; i++) {
    const ch = id[i];
    if (ch === '[' || ch === '(') depth++;
    else if ((ch === ']' || ch === ')') && depth > 0) depth--;
    else if (ch === '.' && depth === 0) {
      parts.push(id.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(id.slice(start));
  return parts;
}
