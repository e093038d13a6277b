import { PY_TEMPLATES } from './python-templates.js';
import type { Rng } from './random.js';

/** A function the generated module defines, with what the generators need to mention it later. */
export interface PyFunction {
  name: string;
  line: number;
}

export interface PyModule {
  path: string;
  text: string;
  functions: PyFunction[];
}

/** What a generated Python module is about. */
export interface PyDomain {
  /** The record type, e.g. Invoice. */
  type: string;
  /** Lower-case noun, e.g. invoice. */
  noun: string;
  /** Numeric (Decimal) fields. */
  amounts: string[];
  /** Text fields. */
  labels: string[];
}

const IMPORTS = [
  'from __future__ import annotations',
  '',
  'import logging',
  'from dataclasses import dataclass, field',
  'from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal',
  'from typing import Iterable, Mapping',
  '',
];

/** A plausible Python module: imports, a dataclass, and functions picked from templates. */
export function pythonModule(
  rng: Rng,
  path: string,
  domain: PyDomain,
  functionCount: number,
  extra: string[] = [],
): PyModule {
  const lines = [
    `"""${domain.type} helpers for ${path.split('/').slice(-1)[0]?.replace('.py', '')}."""`,
    ...IMPORTS,
  ];
  lines.push(
    'log = logging.getLogger(__name__)',
    'CENT = Decimal("0.01")',
    'DOMESTIC = frozenset({"NL", "BE", "LU"})',
    '',
    '',
  );
  lines.push('@dataclass(frozen=True)', `class ${domain.type}:`, '    id: int');
  for (const label of domain.labels) lines.push(`    ${label}: str = ""`);
  for (const amount of domain.amounts) lines.push(`    ${amount}: Decimal = Decimal("0")`);
  lines.push(
    '    country: str = "NL"',
    '    cancelled: bool = False',
    '    tags: list[str] = field(default_factory=list)',
    '',
    '',
  );
  const functions: PyFunction[] = [];
  const used = new Set<string>();
  for (let i = 0; i < functionCount * 3 && functions.length < functionCount; i++) {
    const made = rng.pick(PY_TEMPLATES)(rng, domain);
    if (used.has(made.name)) continue;
    used.add(made.name);
    functions.push({ name: made.name, line: lines.length + 1 });
    lines.push(...made.lines, '', '');
  }
  for (const line of extra) lines.push(line);
  return { path, text: lines.join('\n').trimEnd() + '\n', functions };
}

/** One failing pytest test. */
export interface PyFailure {
  file: string;
  test: string;
  line: number;
  source: string[];
  error: string;
  detail: string[];
}

/** A pytest run: header, progress dots per file, failure sections, short summary. */
export function pytestLog(
  rng: Rng,
  root: string,
  files: Array<{ file: string; tests: number }>,
  failures: PyFailure[],
): string {
  const collected = files.reduce((n, f) => n + f.tests, 0);
  const out = [
    '============================= test session starts ==============================',
    'platform linux -- Python 3.11.9, pytest-8.2.1, pluggy-1.5.0',
    `rootdir: ${root}`,
    'configfile: pyproject.toml',
    'plugins: cov-5.0.0, xdist-3.6.1',
    `collected ${collected} items`,
    '',
  ];
  let done = 0;
  for (const file of files) {
    const failing = failures.filter((f) => f.file === file.file).length;
    const marks: string[] = Array.from({ length: file.tests }, (_, i) => (i < failing ? 'F' : '.'));
    for (let i = marks.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [marks[i], marks[j]] = [marks[j] as string, marks[i] as string];
    }
    done += file.tests;
    const percent = `[${String(Math.round((done / collected) * 100)).padStart(3)}%]`;
    const head = `${file.file} ${marks.join('')}`;
    out.push(`${head}${' '.repeat(Math.max(1, 80 - head.length - percent.length))}${percent}`);
  }
  if (failures.length) {
    out.push('', '=================================== FAILURES ===================================');
    for (const f of failures) {
      const title = ` ${f.test} `;
      const side = Math.max(3, Math.floor((80 - title.length) / 2));
      out.push(`${'_'.repeat(side)}${title}${'_'.repeat(side)}`, '');
      out.push(...f.source.map((l, i) => (i === f.source.length - 1 ? `>   ${l}` : `    ${l}`)));
      out.push(
        `E       ${f.error}`,
        ...f.detail.map((d) => `E       ${d}`),
        '',
        `${f.file}:${f.line}: ${f.error.split(':')[0]}`,
      );
    }
    out.push('=========================== short test summary info ============================');
    for (const f of failures) out.push(`FAILED ${f.file}::${f.test} - ${f.error}`.slice(0, 120));
  }
  const seconds = (collected * 0.021 + rng.next()).toFixed(2);
  const passed = collected - failures.length;
  const summary = failures.length
    ? `${failures.length} failed, ${passed} passed in ${seconds}s`
    : `${passed} passed in ${seconds}s`;
  const pad = Math.max(1, Math.floor((78 - summary.length) / 2));
  out.push(`${'='.repeat(pad)} ${summary} ${'='.repeat(pad)}`);
  return out.join('\n');
}

/** A Python traceback through the given frames, ending in `error`. */
export function pyTraceback(
  frames: Array<{ file: string; line: number; fn: string; code: string }>,
  error: string,
): string {
  const lines = ['Traceback (most recent call last):'];
  for (const f of frames) lines.push(`  File "${f.file}", line ${f.line}, in ${f.fn}`, `    ${f.code}`);
  lines.push(error);
  return lines.join('\n');
}

const TEST_WORDS = [
  'rounding',
  'split',
  'rate',
  'export',
  'customer',
  'empty',
  'negative',
  'currency',
  'reverse_charge',
  'discount',
  'credit_note',
  'batch',
  'month',
  'country',
  'duplicate',
  'format',
  'parse',
  'missing',
  'zero',
  'large',
];

/** `pytest -v`: one PASSED/FAILED line per test id. */
export function pytestVerbose(
  rng: Rng,
  files: Array<{ file: string; tests: number }>,
  failures: PyFailure[],
): string {
  const total = files.reduce((n, f) => n + f.tests, 0);
  const out: string[] = [];
  let done = 0;
  for (const file of files) {
    const failing = failures.filter((f) => f.file === file.file);
    const names = new Set<string>(failing.map((f) => f.test));
    while (names.size < file.tests) names.add(`test_${rng.pick(TEST_WORDS)}_${rng.pick(TEST_WORDS)}`);
    for (const name of names) {
      done += 1;
      const failed = failing.some((f) => f.test === name);
      const head = `${file.file}::${name} ${failed ? 'FAILED' : 'PASSED'}`;
      const percent = `[${String(Math.round((done / total) * 100)).padStart(3)}%]`;
      out.push(`${head}${' '.repeat(Math.max(1, 80 - head.length - percent.length))}${percent}`);
    }
  }
  return out.join('\n');
}

/** A `coverage report` table. */
export function coverageReport(rng: Rng, modules: string[]): string {
  const rows = [
    'Name                                  Stmts   Miss  Cover   Missing',
    '-------------------------------------------------------------------',
  ];
  let stmts = 0;
  let miss = 0;
  for (const module of modules) {
    const s = rng.int(20, 260);
    const m = rng.int(0, Math.floor(s / 4));
    stmts += s;
    miss += m;
    const missing = m ? `${rng.int(10, 60)}-${rng.int(61, 90)}, ${rng.int(91, 200)}` : '';
    rows.push(
      `${module.padEnd(38)}${String(s).padStart(5)}${String(m).padStart(7)}${String(Math.round(((s - m) / s) * 100)).padStart(6)}%   ${missing}`,
    );
  }
  rows.push(
    '-------------------------------------------------------------------',
    `${'TOTAL'.padEnd(38)}${String(stmts).padStart(5)}${String(miss).padStart(7)}${String(Math.round(((stmts - miss) / stmts) * 100)).padStart(6)}%`,
  );
  return rows.join('\n');
}
