import type { Transcript } from '../../../../core/transcript/index.js';
import { AGENT_SYSTEM, AGENT_TOOLS } from '../agent.js';
import { createSessionBuilder, numbered, type SessionBuilder } from '../builder.js';
import { gitDiff, gitLog, grepOutput } from '../misc.js';
import { coverageReport, pytestLog, pytestVerbose, pyTraceback, pythonModule } from '../python.js';
import { createRng, type Rng } from '../random.js';
import {
  ROOT,
  INVOICE,
  LINE,
  CUSTOMER,
  TEST_FILES,
  ROUNDING,
  SPLIT,
  BATCH,
  VAT_BUG,
  VAT_FIX,
  testFile,
  batchJson,
  exportSummary,
  profile,
  conftest,
  lint,
  ADR,
  CHANGELOG,
  REGRESSION_TEST,
} from './vat-rounding-data.js';

/** A long Python session: a one-cent VAT rounding regression, found, fixed and tested. */
export function vatRoundingSession(): Transcript {
  const rng = createRng(20931);
  const s = createSessionBuilder(
    {
      id: 'builtin-vat-rounding',
      title: 'ledgerly: one-cent VAT rounding regression',
      system: AGENT_SYSTEM,
      tools: AGENT_TOOLS,
      cwd: ROOT,
      model: 'claude-sonnet-4-5',
      startedAt: '2025-03-14T09:12:00Z',
    },
    rng,
  );
  const ctx: Context = { s, rng, files: projectFiles(rng) };
  investigate(ctx);
  fix(ctx);
  followUps(ctx);
  return s.build();
}

interface Context {
  s: SessionBuilder;
  rng: Rng;
  files: ReturnType<typeof projectFiles>;
}

const p = (path: string) => `${ROOT}/${path}`;

/** The project's modules, generated once so re-reads show the same text. */
function projectFiles(rng: Rng) {
  const vat = pythonModule(rng, 'ledgerly/vat.py', LINE, 15, [
    'def vat_total(invoice: Invoice) -> Decimal:',
    '    """VAT of an invoice: rounded per line, then summed (ADR 0007)."""',
    '    total = Decimal("0")',
    '    for line in invoice.lines:',
    ...VAT_BUG,
    '        total += amount',
    '    return total',
  ]);
  const models = pythonModule(rng, 'ledgerly/models.py', INVOICE, 16);
  const split = pythonModule(rng, 'ledgerly/split.py', LINE, 8);
  const csvWriter = pythonModule(rng, 'ledgerly/export/csv_writer.py', INVOICE, 11);
  const reconcile = pythonModule(rng, 'ledgerly/export/reconcile.py', INVOICE, 10, [
    'class RoundingMismatchError(ExportError):',
    '    """Totals recomputed from lines differ from the stored batch totals."""',
  ]);
  const customers = pythonModule(rng, 'ledgerly/customers.py', CUSTOMER, 16);
  const reports = pythonModule(rng, 'ledgerly/reports.py', INVOICE, 16);
  const legacy = pythonModule(rng, 'ledgerly/legacy/rates.py', LINE, 7);
  const job = pythonModule(rng, 'ledgerly/export/job.py', INVOICE, 16);
  const store = pythonModule(rng, 'ledgerly/store.py', INVOICE, 13);
  const currency = pythonModule(rng, 'ledgerly/currency.py', INVOICE, 9);
  const vatLine = vat.text.split('\n').indexOf(VAT_BUG[0] ?? '') + 1;
  return {
    vat,
    models,
    split,
    csvWriter,
    reconcile,
    customers,
    reports,
    legacy,
    job,
    store,
    currency,
    vatLine,
  };
}

/** The report, the test run, reading until the cause is found. */
function investigate({ s, rng, files }: Context): void {
  const { vat, models, split, csvWriter, reconcile, job, store, currency, vatLine } = files;
  s.user(
    'The nightly CI for ledgerly has been red since we merged the reverse-charge change (PR #482). Can you find out ' +
      'why the VAT tests fail and fix it without changing the public API? The March export (batch 20931) is blocked on this.',
  );
  s.tool(
    'Bash',
    { command: 'git log --oneline -12', description: 'Recent commits' },
    gitLog(rng, [
      'Merge pull request #482 from dev/reverse-charge',
      'vat: support reverse charge for EU B2B invoices',
      'export: stream CSV rows instead of buffering',
      'customers: validate VAT numbers with the VIES format',
      'reports: monthly summary per country',
      'deps: bump pytest to 8.2.1',
      'split: distribute remainders to the first parts',
      'docs: ADR 0007 on rounding',
      'models: freeze Invoice dataclass',
      'ci: run tests on 3.11 and 3.12',
      'export: reconcile batch totals before upload',
      'initial import of the ledger tools',
    ]),
    { thought: "I'll start with what changed recently, then run the test suite." },
  );
  s.tool(
    'Bash',
    { command: 'python -m pytest', description: 'Run the full test suite' },
    pytestLog(rng, ROOT, TEST_FILES, [ROUNDING, SPLIT, BATCH]),
    { isError: true },
  );
  s.tool(
    'Bash',
    { command: 'python -m pytest -v -p no:cacheprovider 2>&1 | head -160' },
    pytestVerbose(rng, TEST_FILES, [ROUNDING, SPLIT, BATCH]),
    { isError: true },
  );
  s.tool(
    'Bash',
    { command: 'git show --stat HEAD^2 && git diff HEAD^1 HEAD -- ledgerly/vat.py' },
    [
      'commit 5e1b0c9d2a7f4e3b8c6d1a0f9e8d7c6b5a4f3e2d',
      'Author: Mira Jansen <mira@ledgerly.dev>',
      'Date:   Tue Mar 11 16:42:10 2025 +0100',
      '',
      '    vat: support reverse charge for EU B2B invoices',
      '',
      '    Reverse-charge lines carry the buyer country rate and are excluded from',
      '    the domestic VAT return. Nets are no longer pre-rounded by the importer.',
      '',
      ' ledgerly/importer.py | 14 +++-----',
      ' ledgerly/vat.py      | 41 ++++++++++++++---',
      ' tests/test_vat.py    | 38 +++++++++++++++',
      ' 3 files changed, 79 insertions(+), 14 deletions(-)',
      '',
      gitDiff(
        'ledgerly/vat.py',
        118,
        vat.text.split('\n').slice(117, 121),
        ['    for line in invoice.lines:', '        amount = line_vat(line)'],
        ['    for line in invoice.lines:', ...VAT_BUG],
      ),
    ].join('\n'),
  );
  s.tool('Read', { file_path: p('ledgerly/vat.py') }, numbered(vat.text), {
    thought:
      'Three failures, each off by one cent: two in tests/test_vat.py and the March batch total. That smells like a rounding mode. Reading the VAT module first.',
  });
  s.tool('Read', { file_path: p('tests/test_vat.py'), offset: 70, limit: 80 }, numbered(testFile(rng), 70));
  s.tool(
    'Grep',
    { pattern: 'ROUND_HALF_EVEN|ROUND_HALF_UP', path: 'ledgerly' },
    grepOutput([
      { path: 'ledgerly/vat.py', line: vatLine, text: VAT_BUG[0] ?? '' },
      {
        path: 'ledgerly/export/csv_writer.py',
        line: 41,
        text: '    return value.quantize(CENT, rounding=ROUND_HALF_EVEN)',
      },
      { path: 'ledgerly/legacy/rates.py', line: 19, text: 'from decimal import ROUND_HALF_EVEN, Decimal' },
      { path: 'ledgerly/split.py', line: 12, text: 'from decimal import ROUND_HALF_UP, Decimal' },
      { path: 'ledgerly/models.py', line: 9, text: 'from decimal import ROUND_HALF_UP, Decimal' },
    ]),
  );
  s.tool('Read', { file_path: p('docs/decisions/0007-rounding.md') }, numbered(ADR), {
    thought: `ledgerly/vat.py:${vatLine} rounds half-even; the ADR should say which mode is intended.`,
  });
  s.tool('Read', { file_path: p('ledgerly/export/csv_writer.py') }, numbered(csvWriter.text));
  s.tool('Read', { file_path: p('ledgerly/export/reconcile.py') }, numbered(reconcile.text));
  s.tool(
    'Bash',
    { command: 'python -m ledgerly.export --batch 20931 --dry-run' },
    pyTraceback(
      [
        {
          file: p('ledgerly/export/__main__.py'),
          line: 31,
          fn: 'main',
          code: 'run_export(batch_id=args.batch, dry_run=args.dry_run)',
        },
        { file: p('ledgerly/export/job.py'), line: 118, fn: 'run_export', code: 'reconcile(batch, totals)' },
        {
          file: p('ledgerly/export/reconcile.py'),
          line: 73,
          fn: 'reconcile',
          code: 'raise RoundingMismatchError(batch.id, expected, actual)',
        },
      ],
      'ledgerly.export.reconcile.RoundingMismatchError: batch 20931 totals differ by 0.01 (stored 48213.08, recomputed 48213.07)',
    ),
    { isError: true },
  );
  s.tool(
    'Bash',
    {
      command:
        'python -c "import json;d=json.load(open(\'tests/fixtures/march_batch_20931.json\'));print(json.dumps(d, indent=1))"',
    },
    batchJson(rng),
  );
  s.tool('Read', { file_path: p('ledgerly/models.py') }, numbered(models.text));
  s.tool('Read', { file_path: p('ledgerly/export/job.py') }, numbered(job.text), {
    thought:
      'The traceback goes through ledgerly/export/job.py:118; reading the job to see where totals come from.',
  });
  s.tool('Read', { file_path: p('ledgerly/store.py') }, numbered(store.text));
  s.tool('Read', { file_path: p('ledgerly/currency.py') }, numbered(currency.text));
  s.tool('Read', { file_path: p('ledgerly/split.py') }, numbered(split.text), {
    thought:
      'The mixed-rates failure comes from split_net, which sums parts that lose a cent. Reading ledgerly/split.py.',
  });
  s.say(
    `Found it. \`vat_total\` in ledgerly/vat.py:${vatLine} rounds each line with ROUND_HALF_EVEN, but ADR 0007 requires half-up ` +
      'per line. 1249.995 × 0.19 = 237.49905 happens to hit the tie case only after the reverse-charge change started passing ' +
      'unrounded nets. The export writer (ledgerly/export/csv_writer.py:41) has the same mode, which explains the batch 20931 ' +
      'mismatch raised as RoundingMismatchError. I will switch both to ROUND_HALF_UP and then look at split_net.',
  );
}

/** The fix, one failure at a time, and the full suite. */
function fix({ s, rng, files }: Context): void {
  const { vat, split, csvWriter, vatLine } = files;
  s.user(
    'Go ahead. Keep the legacy module as it is for now, the 2019 backfill still depends on its behaviour.',
  );
  s.tool(
    'Edit',
    { file_path: p('ledgerly/vat.py'), old_string: VAT_BUG[0], new_string: VAT_FIX[0] },
    `The file ${p('ledgerly/vat.py')} has been updated.`,
  );
  s.tool(
    'Bash',
    { command: 'python -m pytest tests/test_vat.py -q' },
    pytestLog(rng, ROOT, [{ file: 'tests/test_vat.py', tests: 31 }], [SPLIT]),
    { isError: true },
  );
  s.tool(
    'Read',
    { file_path: p('ledgerly/split.py'), offset: 1, limit: 40 },
    numbered(split.text.split('\n').slice(0, 40).join('\n')),
  );
  s.tool(
    'Edit',
    {
      file_path: p('ledgerly/split.py'),
      old_string: '    base, remainder = divmod(cents, parts)',
      new_string:
        '    base, remainder = divmod(cents, parts)\n    # remainder cents go to the first parts so the parts always add up to the amount',
    },
    `The file ${p('ledgerly/split.py')} has been updated.`,
  );
  s.tool(
    'Bash',
    { command: 'python -m pytest tests/test_vat.py tests/test_split.py -q' },
    pytestLog(rng, ROOT, TEST_FILES.slice(1, 3), [SPLIT]),
    { isError: true },
  );
  s.tool(
    'Bash',
    {
      command:
        'python -c "from ledgerly.split import split_net; from decimal import Decimal as D; print(split_net(D(\'100.05\'), 3))"',
    },
    "[Decimal('33.35'), Decimal('33.35'), Decimal('33.34')]",
    { thought: 'Still one cent short; checking the actual parts.' },
  );
  s.tool(
    'Grep',
    { pattern: 'def split_net|split_net\\(', path: 'ledgerly' },
    grepOutput([
      {
        path: 'ledgerly/split.py',
        line: 48,
        text: 'def split_net(amount: Decimal, parts: int) -> list[Decimal]:',
      },
      { path: 'ledgerly/vat.py', line: 61, text: '    nets = split_net(line.net, len(rates))' },
      { path: 'ledgerly/reports.py', line: 140, text: '        shares = split_net(total, len(countries))' },
    ]),
  );
  s.tool(
    'Edit',
    {
      file_path: p('ledgerly/split.py'),
      old_string: '    cents = int(amount * 100)',
      new_string: '    cents = int((amount * 100).to_integral_value(rounding=ROUND_HALF_UP))',
    },
    `The file ${p('ledgerly/split.py')} has been updated.`,
    {
      thought:
        'split_net truncates with int() before dividing: 100.05 × 100 is fine but the parts were built from a truncated float path. Using to_integral_value.',
    },
  );
  s.tool(
    'Bash',
    { command: 'python -m pytest tests/test_vat.py tests/test_split.py -q' },
    pytestLog(rng, ROOT, TEST_FILES.slice(1, 3), []),
  );
  s.tool(
    'Edit',
    {
      file_path: p('ledgerly/export/csv_writer.py'),
      old_string: '    return value.quantize(CENT, rounding=ROUND_HALF_EVEN)',
      new_string: '    return value.quantize(CENT, rounding=ROUND_HALF_UP)',
    },
    `The file ${p('ledgerly/export/csv_writer.py')} has been updated.`,
  );
  s.tool('Bash', { command: 'python -m pytest' }, pytestLog(rng, ROOT, TEST_FILES, []));
  s.tool(
    'Bash',
    { command: 'python -m pytest --cov=ledgerly --cov-report=term-missing -q' },
    `${pytestLog(rng, ROOT, TEST_FILES, [])}\n\n${coverageReport(rng, [
      'ledgerly/__init__.py',
      'ledgerly/currency.py',
      'ledgerly/customers.py',
      'ledgerly/export/__init__.py',
      'ledgerly/export/__main__.py',
      'ledgerly/export/csv_writer.py',
      'ledgerly/export/job.py',
      'ledgerly/export/reconcile.py',
      'ledgerly/importer.py',
      'ledgerly/legacy/rates.py',
      'ledgerly/models.py',
      'ledgerly/reports.py',
      'ledgerly/split.py',
      'ledgerly/store.py',
      'ledgerly/vat.py',
    ])}`,
  );
  s.tool('Bash', { command: 'python -m ledgerly.export --batch 20931 --dry-run' }, exportSummary(rng));
  s.tool(
    'Read',
    { file_path: p('ledgerly/vat.py') },
    numbered(vat.text.replace(VAT_BUG[0] ?? '', VAT_FIX[0] ?? '')),
    { thought: 'Re-reading the fixed module as a whole.' },
  );
  s.tool('Read', { file_path: p('ledgerly/export/csv_writer.py') }, numbered(csvWriter.text));
  s.tool(
    'Bash',
    { command: 'git diff --stat && git diff ledgerly/vat.py' },
    [
      ' ledgerly/export/csv_writer.py | 2 +-',
      ' ledgerly/split.py             | 3 ++-',
      ' ledgerly/vat.py               | 2 +-',
      ' 3 files changed, 4 insertions(+), 3 deletions(-)',
      gitDiff(
        'ledgerly/vat.py',
        vatLine - 3,
        ['    total = Decimal("0")', '    for line in invoice.lines:'],
        VAT_BUG,
        VAT_FIX,
      ),
    ].join('\n'),
  );
  s.say(
    'All 148 tests pass and the dry run of batch 20931 reconciles (VAT 48213.08). Changes: ROUND_HALF_UP in vat.py and ' +
      'csv_writer.py (per ADR 0007), and split_net now rounds instead of truncating before distributing cents.',
  );
}

/** The slow report, the regression test and changelog, the PR summary. */
function followUps({ s, rng, files }: Context): void {
  const { customers, reports, legacy, vatLine } = files;
  s.user(
    'Nice. While you are in there: the customer report is slow and somebody said it reads every invoice twice. Can you check?',
  );
  s.tool('Read', { file_path: p('ledgerly/reports.py') }, numbered(reports.text));
  s.tool('Read', { file_path: p('ledgerly/customers.py') }, numbered(customers.text));
  s.tool(
    'Bash',
    { command: 'python -m cProfile -s cumtime -m ledgerly.reports --month 2025-03 | head -40' },
    profile(rng),
  );
  s.tool(
    'Grep',
    { pattern: 'load_invoices\\(', path: 'ledgerly' },
    grepOutput([
      { path: 'ledgerly/reports.py', line: 57, text: '    invoices = load_invoices(month)' },
      { path: 'ledgerly/reports.py', line: 93, text: '        for invoice in load_invoices(month):' },
      { path: 'ledgerly/export/job.py', line: 64, text: '    invoices = list(load_invoices(batch.month))' },
    ]),
  );
  s.tool(
    'Read',
    { file_path: p('ledgerly/reports.py'), offset: 50, limit: 60 },
    numbered(reports.text.split('\n').slice(49, 109).join('\n'), 50),
  );
  s.tool(
    'Edit',
    {
      file_path: p('ledgerly/reports.py'),
      old_string: '        for invoice in load_invoices(month):',
      new_string: '        for invoice in invoices:',
    },
    `The file ${p('ledgerly/reports.py')} has been updated.`,
    {
      thought:
        'ledgerly/reports.py:93 reloads the month inside the per-customer loop; the list from line 57 can be reused.',
    },
  );
  s.tool(
    'Bash',
    { command: 'python -m pytest tests/test_reports.py -q' },
    pytestLog(rng, ROOT, [TEST_FILES[5] as { file: string; tests: number }], []),
  );
  s.tool(
    'Bash',
    { command: 'python -m cProfile -s cumtime -m ledgerly.reports --month 2025-03 | head -40' },
    profile(rng, 0.45),
  );
  s.say(
    'The report loaded the month once per customer (ledgerly/reports.py:93). It now reuses the list from line 57; the profile drops from 9.8 s to 4.4 s and test_reports.py passes.',
  );

  s.user('Can you add a regression test for batch 20931 and a changelog entry? Then I think we are done.');
  s.tool('Read', { file_path: p('CHANGELOG.md'), limit: 60 }, numbered(CHANGELOG));
  s.tool('Read', { file_path: p('tests/conftest.py') }, numbered(conftest(rng)));
  s.tool(
    'Write',
    { file_path: p('tests/test_regression_20931.py'), content: REGRESSION_TEST },
    `File created successfully at: ${p('tests/test_regression_20931.py')}`,
    {
      thought:
        'Using the march_batch fixture from conftest; the test pins the batch totals that RoundingMismatchError complained about.',
    },
  );
  s.tool(
    'Bash',
    { command: 'python -m pytest tests/test_regression_20931.py -q' },
    pytestLog(rng, ROOT, [{ file: 'tests/test_regression_20931.py', tests: 3 }], []),
  );
  s.tool(
    'Edit',
    {
      file_path: p('CHANGELOG.md'),
      old_string: '## [Unreleased]',
      new_string: `## [Unreleased]\n\n### Fixed\n- VAT is rounded half-up per line again (ADR 0007); batch 20931 reconciles.\n- \`split_net\` no longer loses a cent on three-way splits.\n- The customer report reads each month once.`,
    },
    `The file ${p('CHANGELOG.md')} has been updated.`,
  );
  s.tool('Bash', { command: 'ruff check ledgerly tests && mypy ledgerly' }, lint(rng), { isError: true });
  s.tool('Read', { file_path: p('ledgerly/legacy/rates.py') }, numbered(legacy.text), {
    thought:
      'The lint errors are all in ledgerly/legacy/rates.py, which the user asked to keep as it is. Looking anyway to be sure.',
  });
  s.tool(
    'Bash',
    { command: 'ruff check ledgerly tests --exclude ledgerly/legacy && mypy ledgerly --exclude legacy' },
    'All checks passed!\nSuccess: no issues found in 23 source files',
  );
  s.tool(
    'Bash',
    { command: 'python -m pytest' },
    pytestLog(rng, ROOT, [...TEST_FILES, { file: 'tests/test_regression_20931.py', tests: 3 }], []),
  );
  s.say(
    'Done: tests/test_regression_20931.py pins the batch totals (VAT 48213.08), CHANGELOG has a Fixed section, and the full suite ' +
      'passes (151 tests). The remaining ruff and mypy findings are in ledgerly/legacy/rates.py, which I left alone as you asked.',
  );
  s.user('Before I merge: summarise what was wrong for the PR description, with file and line references.');
  s.say(
    `**Root cause.** PR #482 changed how nets reach \`vat_total\`; ledgerly/vat.py:${vatLine} rounded each line with ROUND_HALF_EVEN, ` +
      'contradicting ADR 0007 (half-up per line). Ties now round down, so `test_reverse_charge_rounding` got 237.49 instead of 237.50 and ' +
      'batch 20931 came out one cent short (48213.07), which `reconcile` reported as RoundingMismatchError.\n\n' +
      '**Also fixed.** ledgerly/export/csv_writer.py:41 used the same mode; `split_net` truncated before distributing cents ' +
      '(`test_mixed_rates_split`); ledgerly/reports.py:93 reloaded invoices per customer.\n\n' +
      '**Tests.** New tests/test_regression_20931.py; the full suite passes.',
  );
}
