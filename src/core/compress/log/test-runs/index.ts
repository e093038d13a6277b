import type { TestRunner } from '../../../classify/index.js';
import { parseWithSpec } from './engine.js';
import { parseMocha } from './mocha.js';
import { parsePytest } from './pytest.js';
import type { TestReport } from './report.js';
import { cargoSpec, goSpec, jestSpec, toxSpec, unittestSpec } from './specs.js';

/** Reads the output of a recognised test runner into totals and failures. */
export function parseTestReport(runner: TestRunner, lines: readonly string[]): TestReport {
  switch (runner) {
    case 'pytest':
      return parsePytest(lines);
    case 'jest':
    case 'vitest':
      return parseWithSpec(jestSpec(runner), lines);
    case 'mocha':
      return parseMocha(lines);
    case 'go':
      return parseWithSpec(goSpec, lines);
    case 'cargo':
      return parseWithSpec(cargoSpec, lines);
    case 'unittest':
      return parseWithSpec(unittestSpec, lines);
    case 'tox':
      return parseWithSpec(toxSpec, lines);
  }
}
