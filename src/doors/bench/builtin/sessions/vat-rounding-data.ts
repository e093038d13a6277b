/** Fixed data and tool outputs of the VAT rounding session. */
import type { Rng } from '../random.js';
import type { PyDomain, PyFailure } from '../python.js';

export const ROOT = '/home/dev/ledgerly';
export const INVOICE: PyDomain = {
  type: 'Invoice',
  noun: 'invoice',
  amounts: ['net', 'vat', 'gross', 'discount'],
  labels: ['customer', 'reference', 'currency_code'],
};
export const LINE: PyDomain = {
  type: 'InvoiceLine',
  noun: 'line',
  amounts: ['net', 'rate', 'quantity'],
  labels: ['description', 'sku'],
};
export const CUSTOMER: PyDomain = {
  type: 'Customer',
  noun: 'customer',
  amounts: ['credit_limit', 'balance'],
  labels: ['name', 'vat_number', 'email'],
};

export const TEST_FILES = [
  { file: 'tests/test_models.py', tests: 24 },
  { file: 'tests/test_vat.py', tests: 31 },
  { file: 'tests/test_split.py', tests: 12 },
  { file: 'tests/test_export.py', tests: 18 },
  { file: 'tests/test_customers.py', tests: 27 },
  { file: 'tests/test_reports.py', tests: 36 },
];

export const ROUNDING: PyFailure = {
  file: 'tests/test_vat.py',
  test: 'test_reverse_charge_rounding',
  line: 88,
  source: [
    'def test_reverse_charge_rounding():',
    '    invoice = make_invoice(country="DE", lines=[("Consulting", "1249.995", "0.19")])',
    '    assert vat_total(invoice) == Decimal("237.50")',
  ],
  error: "AssertionError: assert Decimal('237.49') == Decimal('237.50')",
  detail: [
    " +  where Decimal('237.49') = vat_total(Invoice(id=20931, customer='Brandt GmbH', reference='RC-7781', ...))",
  ],
};
export const SPLIT: PyFailure = {
  file: 'tests/test_vat.py',
  test: 'test_mixed_rates_split',
  line: 131,
  source: [
    'def test_mixed_rates_split():',
    '    parts = split_net(Decimal("100.05"), 3)',
    '    assert sum(parts) == Decimal("100.05")',
  ],
  error: "AssertionError: assert Decimal('100.04') == Decimal('100.05')",
  detail: [" +  where Decimal('100.04') = sum([Decimal('33.35'), Decimal('33.35'), Decimal('33.34')])"],
};
export const BATCH: PyFailure = {
  file: 'tests/test_export.py',
  test: 'test_march_batch_totals',
  line: 57,
  source: [
    'def test_march_batch_totals(march_batch):',
    '    totals = export_totals(march_batch)',
    '    assert totals.vat == Decimal("48213.08")',
  ],
  error: "AssertionError: assert Decimal('48213.07') == Decimal('48213.08')",
  detail: [
    " +  where Decimal('48213.07') = ExportTotals(net=Decimal('253752.61'), vat=Decimal('48213.07'), batch=20931).vat",
  ],
};

export const VAT_BUG = ['        amount = (line.net * line.rate).quantize(CENT, rounding=ROUND_HALF_EVEN)'];
export const VAT_FIX = ['        amount = (line.net * line.rate).quantize(CENT, rounding=ROUND_HALF_UP)'];

export function testFile(rng: Rng): string {
  const lines: string[] = [];
  for (let i = 0; i < 9; i++) {
    const amount = `${rng.int(10, 9999)}.${String(rng.int(0, 999)).padStart(3, '0')}`;
    const rate = rng.pick(['0.19', '0.21', '0.09', '0.07', '0.20']);
    lines.push(
      `def test_line_vat_${i}():`,
      `    line = InvoiceLine(id=${i + 1}, net=Decimal("${amount}"), rate=Decimal("${rate}"))`,
      `    assert line_vat(line) == (line.net * line.rate).quantize(CENT, rounding=ROUND_HALF_UP)`,
      '',
      '',
    );
  }
  lines.push(...ROUNDING.source, '', '', ...SPLIT.source);
  return lines.join('\n');
}

export function batchJson(rng: Rng): string {
  const invoices = Array.from({ length: 36 }, (_, i) => {
    const net = rng.int(200, 19_000) + rng.int(0, 99) / 100;
    const rate = rng.pick([0.19, 0.21, 0.09, 0.2]);
    return {
      id: 20931_00 + i,
      customer: rng.pick([
        'Brandt GmbH',
        'Van Dijk BV',
        'Lefèvre SARL',
        'Nordlys AS',
        'Costa & Filhos',
        'Kowalski Sp. z o.o.',
      ]),
      country: rng.pick(['DE', 'NL', 'FR', 'NO', 'PT', 'PL']),
      reference: `RC-${rng.int(1000, 9999)}`,
      net: net.toFixed(2),
      vat: (net * rate).toFixed(2),
      reverse_charge: rng.chance(0.3),
    };
  });
  return JSON.stringify(
    { batch: 20931, month: '2025-03', stored_totals: { net: '253752.61', vat: '48213.08' }, invoices },
    null,
    1,
  );
}

export function exportSummary(rng: Rng): string {
  const rows = ['country  invoices          net          vat', '-------  --------  -----------  -----------'];
  for (const c of ['DE', 'FR', 'NL', 'NO', 'PL', 'PT'])
    rows.push(
      `${c.padEnd(7)}  ${String(rng.int(3, 9)).padStart(8)}  ${(rng.int(10_000, 80_000) + 0.37).toFixed(2).padStart(11)}  ${(rng.int(1000, 12_000) + 0.81).toFixed(2).padStart(11)}`,
    );
  rows.push(
    '',
    'batch 20931: 36 invoices, net 253752.61, vat 48213.08 (stored 48213.08) — reconciled',
    'dry run: nothing uploaded',
  );
  return rows.join('\n');
}

export function profile(rng: Rng, factor = 1): string {
  const rows = [
    `         ${Math.round(2_841_337 * factor)} function calls (${Math.round(2_790_113 * factor)} primitive calls) in ${(9.812 * factor).toFixed(3)} seconds`,
    '',
    '   Ordered by: cumulative time',
    '',
    '   ncalls  tottime  percall  cumtime  percall filename:lineno(function)',
  ];
  const fns = [
    'reports.py:52(customer_report)',
    'store.py:88(load_invoices)',
    'models.py:41(invoice_from_row)',
    'decimal.py:1(Decimal.__new__)',
    'json/__init__.py:299(loads)',
    'customers.py:77(index_by_name)',
    'vat.py:120(vat_total)',
    'split.py:48(split_net)',
  ];
  for (const fn of fns)
    rows.push(
      `   ${String(rng.int(1, 90_000)).padStart(6)}    ${(rng.next() * 3 * factor).toFixed(3)}    0.000    ${(rng.next() * 9 * factor).toFixed(3)}    0.000 ${fn}`,
    );
  return rows.join('\n');
}

export function conftest(rng: Rng): string {
  return [
    'import json',
    'from decimal import Decimal',
    'from pathlib import Path',
    '',
    'import pytest',
    '',
    'from ledgerly.models import Invoice, invoice_from_row',
    '',
    'FIXTURES = Path(__file__).parent / "fixtures"',
    '',
    '',
    '@pytest.fixture',
    'def march_batch():',
    '    data = json.loads((FIXTURES / "march_batch_20931.json").read_text())',
    '    return [invoice_from_row(row) for row in data["invoices"]]',
    '',
    '',
    '@pytest.fixture',
    'def make_invoice():',
    '    def make(country="NL", lines=()):',
    `        return Invoice(id=${rng.int(10_000, 99_999)}, country=country, lines=[line(*spec) for spec in lines])`,
    '    return make',
  ].join('\n');
}

export function lint(rng: Rng): string {
  const codes = [
    ['F401', '`decimal.ROUND_HALF_EVEN` imported but unused'],
    ['E501', 'Line too long (104 > 100)'],
    ['UP006', 'Use `list` instead of `List` for type annotation'],
    ['B006', 'Do not use mutable data structures for argument defaults'],
  ];
  const rows = codes.map(
    ([code, msg]) => `ledgerly/legacy/rates.py:${rng.int(3, 80)}:${rng.int(1, 40)}: ${code} ${msg}`,
  );
  rows.push(
    `Found ${rows.length} errors.`,
    `ledgerly/legacy/rates.py:${rng.int(20, 90)}: error: Function is missing a return type annotation  [no-untyped-def]`,
    'Found 1 error in 1 file (checked 24 source files)',
  );
  return rows.join('\n');
}

export const ADR = `# 0007 — Rounding of VAT

Status: accepted (2023-11-02)

## Context

Invoices carry several lines, each with its own rate. Tax authorities in the countries we bill accept
either per-line or per-invoice rounding, but our accounting package recomputes VAT per line and flags
differences of a single cent. Banker's rounding (half-even) caused such differences in 2023-Q3.

## Decision

VAT is computed per invoice line and rounded to the cent **half-up** (ROUND_HALF_UP). The invoice VAT is
the sum of the rounded line amounts. Exports write amounts with the same rounding; nothing downstream
re-rounds.

## Consequences

- Line and invoice totals agree with the accounting package.
- Splitting an amount (instalments, mixed rates) must distribute remainder cents explicitly.
- The legacy rates module keeps half-even for the 2019 backfill only.`;

export const CHANGELOG = `# Changelog

All notable changes to ledgerly are documented here. The format follows Keep a Changelog.

## [Unreleased]

### Added
- Reverse charge for EU B2B invoices (#482).

## [2.4.0] — 2025-02-27

### Added
- Monthly summary per country in \`ledgerly.reports\`.
- Batch reconciliation before upload; mismatches raise an error instead of uploading.

### Changed
- The CSV export streams rows instead of buffering the batch.

## [2.3.1] — 2025-01-16

### Fixed
- VAT numbers with spaces are normalised before validation.`;

export const REGRESSION_TEST = `from decimal import Decimal

from ledgerly.export.reconcile import export_totals


def test_batch_20931_vat(march_batch):
    assert export_totals(march_batch).vat == Decimal("48213.08")


def test_batch_20931_net(march_batch):
    assert export_totals(march_batch).net == Decimal("253752.61")


def test_batch_20931_reconciles(march_batch):
    totals = export_totals(march_batch)
    assert totals.vat == totals.stored_vat
`;
