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

type Template = (rng: Rng, d: PyDomain) => { name: string; lines: string[] };

const TEMPLATES: Template[] = [
  (rng, d) => {
    const f = rng.pick(d.labels);
    const g = rng.pick(d.amounts);
    return {
      name: `validate_${d.noun}_${f}`,
      lines: [
        `def validate_${d.noun}_${f}(${d.noun}: ${d.type}) -> None:`,
        `    """Raise ValidationError when the ${d.noun} cannot be booked."""`,
        `    if not ${d.noun}.${f}:`,
        `        raise ValidationError(f"${d.noun} {${d.noun}.id} has no ${f}")`,
        `    if ${d.noun}.${g} < 0:`,
        `        raise ValidationError(f"negative ${g} on ${d.noun} {${d.noun}.id}: {${d.noun}.${g}}")`,
        `    log.debug("validated %s %s", "${d.noun}", ${d.noun}.id)`,
      ],
    };
  },
  (rng, d) => {
    const g = rng.pick(d.amounts);
    return {
      name: `total_${g}`,
      lines: [
        `def total_${g}(items: Iterable[${d.type}]) -> Decimal:`,
        `    """Sum of ${g} over items, rounded half-up to the cent."""`,
        `    total = Decimal("0")`,
        `    for item in items:`,
        `        if item.cancelled:`,
        `            continue`,
        `        total += item.${g}`,
        `    return total.quantize(CENT, rounding=ROUND_HALF_UP)`,
      ],
    };
  },
  (rng, d) => {
    const f = rng.pick(d.labels);
    return {
      name: `index_by_${f}`,
      lines: [
        `def index_by_${f}(items: Iterable[${d.type}]) -> dict[str, list[${d.type}]]:`,
        `    """Group items by ${f}; items without one go under "unknown"."""`,
        `    index: dict[str, list[${d.type}]] = {}`,
        `    for item in items:`,
        `        key = (item.${f} or "unknown").strip().lower()`,
        `        index.setdefault(key, []).append(item)`,
        `    return index`,
      ],
    };
  },
  (rng, d) => {
    const fields = rng.sample([...d.labels, ...d.amounts], 4);
    return {
      name: `${d.noun}_from_row`,
      lines: [
        `def ${d.noun}_from_row(row: Mapping[str, str]) -> ${d.type}:`,
        `    """Build a ${d.type} from one CSV/JSON row; amounts are parsed as Decimal."""`,
        `    try:`,
        `        return ${d.type}(`,
        `            id=int(row["id"]),`,
        ...fields.map((f) =>
          d.amounts.includes(f)
            ? `            ${f}=Decimal(row["${f}"]),`
            : `            ${f}=row.get("${f}", "").strip(),`,
        ),
        `        )`,
        `    except (KeyError, ValueError) as exc:`,
        `        raise ImportError_(f"bad ${d.noun} row {row!r}") from exc`,
      ],
    };
  },
  (rng, d) => {
    const g = rng.pick(d.amounts);
    const f = rng.pick(d.labels);
    const width = rng.int(24, 40);
    return {
      name: `format_${d.noun}_line`,
      lines: [
        `def format_${d.noun}_line(${d.noun}: ${d.type}, currency: str = "EUR") -> str:`,
        `    """One line for the text report: ${f}, padded, then ${g} right-aligned."""`,
        `    label = (${d.noun}.${f} or "-")[:${width}]`,
        `    amount = f"{${d.noun}.${g}:,.2f}"`,
        `    return f"{label:<${width}} {amount:>14} {currency}"`,
      ],
    };
  },
  (rng, d) => {
    const g = rng.pick(d.amounts);
    const limit = rng.pick(['1000', '5000', '10000', '25000']);
    return {
      name: `needs_review`,
      lines: [
        `def needs_review(${d.noun}: ${d.type}, threshold: Decimal = Decimal("${limit}")) -> bool:`,
        `    """Large or foreign ${d.noun}s go to manual review before export."""`,
        `    if ${d.noun}.${g} >= threshold:`,
        `        return True`,
        `    if ${d.noun}.country not in DOMESTIC:`,
        `        log.info("foreign ${d.noun} %s flagged for review", ${d.noun}.id)`,
        `        return True`,
        `    return False`,
      ],
    };
  },
  (rng, d) => {
    const g = rng.pick(d.amounts);
    return {
      name: `split_${g}`,
      lines: [
        `def split_${g}(amount: Decimal, parts: int) -> list[Decimal]:`,
        `    """Split an amount into parts that add up exactly (the remainder goes to the first parts)."""`,
        `    if parts <= 0:`,
        `        raise ValueError("parts must be positive")`,
        `    cents = int((amount * 100).to_integral_value(rounding=ROUND_HALF_UP))`,
        `    base, remainder = divmod(cents, parts)`,
        `    return [Decimal(base + (1 if i < remainder else 0)) / 100 for i in range(parts)]`,
      ],
    };
  },
  (rng, d) => {
    const g = rng.pick(d.amounts);
    return {
      name: `sort_by_${g}`,
      lines: [
        `def sort_by_${g}(items: Iterable[${d.type}], descending: bool = True) -> list[${d.type}]:`,
        `    """Items ordered by ${g}; ties keep their id order so reports are stable."""`,
        `    return sorted(items, key=lambda item: (-item.${g} if descending else item.${g}, item.id))`,
      ],
    };
  },
  (rng, d) => {
    const f = rng.pick(d.labels);
    return {
      name: `normalize_${f}`,
      lines: [
        `def normalize_${f}(value: str) -> str:`,
        `    """Canonical form of a ${f}: trimmed, single spaces, upper-case country prefixes."""`,
        `    value = " ".join(value.split())`,
        `    if len(value) > 2 and value[:2].isalpha() and value[2:3].isdigit():`,
        `        value = value[:2].upper() + value[2:]`,
        `    return value`,
      ],
    };
  },
  (rng, d) => {
    const g = rng.pick(d.amounts);
    const rate = rng.pick(['1.0842', '0.8571', '11.4730', '4.3120', '7.4581']);
    return {
      name: `convert_${g}`,
      lines: [
        `def convert_${g}(${d.noun}: ${d.type}, rates: Mapping[str, Decimal]) -> Decimal:`,
        `    """${g} in EUR using the month's reference rates (falls back to ${rate} for unknown currencies)."""`,
        `    rate = rates.get(getattr(${d.noun}, "currency_code", "EUR"), Decimal("${rate}"))`,
        `    if rate <= 0:`,
        `        raise ValueError(f"non-positive rate {rate} for ${d.noun} {${d.noun}.id}")`,
        `    return (${d.noun}.${g} / rate).quantize(CENT, rounding=ROUND_HALF_UP)`,
      ],
    };
  },
  (rng, d) => {
    const fields = rng.sample([...d.labels, ...d.amounts], 3);
    return {
      name: `${d.noun}_to_dict`,
      lines: [
        `def ${d.noun}_to_dict(${d.noun}: ${d.type}) -> dict[str, object]:`,
        `    """JSON-ready form; Decimals become strings so no precision is lost."""`,
        `    return {`,
        `        "id": ${d.noun}.id,`,
        ...fields.map((f) =>
          d.amounts.includes(f) ? `        "${f}": str(${d.noun}.${f}),` : `        "${f}": ${d.noun}.${f},`,
        ),
        `        "country": ${d.noun}.country,`,
        `        "tags": sorted(${d.noun}.tags),`,
        `    }`,
      ],
    };
  },
  (rng, d) => {
    const g = rng.pick(d.amounts);
    const size = rng.pick([50, 100, 250, 500]);
    return {
      name: `chunk_${d.noun}s`,
      lines: [
        `def chunk_${d.noun}s(items: list[${d.type}], size: int = ${size}) -> Iterable[list[${d.type}]]:`,
        `    """Batches for the upload API, which rejects requests over ${size} records."""`,
        `    for start in range(0, len(items), size):`,
        `        batch = items[start : start + size]`,
        `        log.debug("batch %d: %d ${d.noun}s, ${g} %s", start // size, len(batch), sum(i.${g} for i in batch))`,
        `        yield batch`,
      ],
    };
  },
  (rng, d) => {
    const f = rng.pick(d.labels);
    return {
      name: `find_duplicate_${f}s`,
      lines: [
        `def find_duplicate_${f}s(items: Iterable[${d.type}]) -> list[tuple[str, list[int]]]:`,
        `    """${f} values used by more than one ${d.noun}, with the ids that share them."""`,
        `    seen: dict[str, list[int]] = {}`,
        `    for item in items:`,
        `        if item.${f}:`,
        `            seen.setdefault(item.${f}, []).append(item.id)`,
        `    return [(key, ids) for key, ids in sorted(seen.items()) if len(ids) > 1]`,
      ],
    };
  },
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
    const made = rng.pick(TEMPLATES)(rng, domain);
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
