import type { MessageParam, Transcript } from '../../../../core/transcript/index.js';
import { pyTraceback, pythonModule, type PyDomain } from '../python.js';
import { createRng, type Rng } from '../random.js';

const ROOT = '/testbed';
const ORDER: PyDomain = {
  type: 'Order',
  noun: 'order',
  amounts: ['amount', 'shipping', 'refunded'],
  labels: ['sku', 'region', 'channel'],
};

const SYSTEM = `You are a helpful assistant that can interact with a computer shell to solve programming tasks.
Your response must contain exactly ONE bash code block with ONE command (or commands connected with && or ||).
Include a THOUGHT section before your command explaining your reasoning.
When you are done, run: echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT`;

/** A mini-swe-agent style session (no tool blocks: commands in assistant text, outputs as user text). */
export function pipelineKeyErrorSession(): Transcript {
  const rng = createRng(5521);
  const messages: MessageParam[] = [];
  const step = (thought: string, command: string, returncode: number, output: string) => {
    messages.push({ role: 'assistant', content: `THOUGHT: ${thought}\n\n\`\`\`bash\n${command}\n\`\`\`` });
    messages.push({ role: 'user', content: observation(returncode, output) });
  };
  const aggregate = pythonModule(rng, 'pipeline/aggregate.py', ORDER, 14);
  const loaders = pythonModule(rng, 'pipeline/loaders.py', ORDER, 12);
  const traceback = pyTraceback(
    [
      {
        file: `${ROOT}/pipeline/cli.py`,
        line: 64,
        fn: 'main',
        code: 'report = build_report(orders, month=args.month)',
      },
      {
        file: `${ROOT}/pipeline/aggregate.py`,
        line: 118,
        fn: 'build_report',
        code: 'by_region = frame.groupby("region")["amount_eur"].sum()',
      },
      {
        file: '/usr/local/lib/python3.11/site-packages/pandas/core/groupby/generic.py',
        line: 1951,
        fn: '__getitem__',
        code: 'return super().__getitem__(key)',
      },
      {
        file: '/usr/local/lib/python3.11/site-packages/pandas/core/base.py',
        line: 244,
        fn: '__getitem__',
        code: 'raise KeyError(f"Column not found: {key}")',
      },
    ],
    "KeyError: 'Column not found: amount_eur'",
  );

  messages.push({
    role: 'user',
    content:
      "<pr_description>\nThe monthly report crashes since the currency refactor:\n\n    $ python -m pipeline.cli --month 2025-02\n    KeyError: 'Column not found: amount_eur'\n\n" +
      'Orders in EUR used to get `amount_eur` from the loader. Make the report work for mixed-currency months again; regional totals must be in EUR.\n</pr_description>\n\n' +
      'Fix the issue in the repository at /testbed with minimal changes to non-test files.',
  });
  step(
    'Let me look at the repository layout first.',
    'find /testbed -name "*.py" -not -path "*/.venv/*" | sort && git -C /testbed log --oneline -5',
    0,
    [
      '/testbed/pipeline/__init__.py',
      '/testbed/pipeline/aggregate.py',
      '/testbed/pipeline/cli.py',
      '/testbed/pipeline/currency.py',
      '/testbed/pipeline/loaders.py',
      '/testbed/pipeline/schema.py',
      '/testbed/tests/test_aggregate.py',
      '/testbed/tests/test_currency.py',
      '/testbed/tests/test_loaders.py',
      '3f9c2e1 currency: move conversion out of the loaders',
      'a81d0b7 loaders: read parquet partitions lazily',
      '2c44e90 aggregate: regional report',
      '9d0e6a3 schema: channel is categorical',
      '55ab1f2 initial pipeline',
    ].join('\n'),
  );
  step('I will reproduce the crash.', 'cd /testbed && python -m pipeline.cli --month 2025-02', 1, traceback);
  step(
    'The report groups on amount_eur, which nothing creates any more. Let me read aggregate.py.',
    'cat /testbed/pipeline/aggregate.py',
    0,
    aggregate.text,
  );
  step('Now the loaders, which used to add the column.', 'cat /testbed/pipeline/loaders.py', 0, loaders.text);
  step(
    'And the commit that moved the conversion.',
    'cd /testbed && git show 3f9c2e1 --stat && git show 3f9c2e1 -- pipeline/loaders.py | head -60',
    0,
    commitShow(rng),
  );
  step(
    'Let me see the currency module the conversion moved to.',
    'cat /testbed/pipeline/currency.py',
    0,
    CURRENCY,
  );
  step(
    'Check the data: which currencies occur in February?',
    'cd /testbed && python -c "import pandas as pd; f=pd.read_parquet(\'data/orders/2025-02\'); print(f.dtypes); print(f.head(12).to_string()); print(f.currency.value_counts())"',
    0,
    frameDump(rng),
  );
  step(
    'Let me run the existing tests to know the baseline.',
    'cd /testbed && python -m pytest -q 2>&1 | tail -25',
    1,
    TESTS_BEFORE,
  );
  step(
    'test_regional_totals_in_eur fails the same way. The fix: convert in build_report with to_eur from pipeline/currency.py before grouping. Let me view the lines around 118.',
    'sed -n 100,130p /testbed/pipeline/aggregate.py',
    0,
    aggregate.text.split('\n').slice(99, 130).join('\n'),
  );
  step(
    'I will add the conversion before the groupby.',
    `cd /testbed && python - <<'EOF'\nimport re, pathlib\np = pathlib.Path('pipeline/aggregate.py')\ns = p.read_text()\ns = s.replace('    by_region = frame.groupby("region")["amount_eur"].sum()', '    frame = frame.assign(amount_eur=to_eur(frame, rates_for(month)))\\n    by_region = frame.groupby("region")["amount_eur"].sum()')\ns = s.replace('import pandas as pd', 'import pandas as pd\\n\\nfrom .currency import rates_for, to_eur')\np.write_text(s)\nEOF`,
    0,
    '',
  );
  step(
    'Reproduce again.',
    'cd /testbed && python -m pipeline.cli --month 2025-02',
    1,
    pyTraceback(
      [
        {
          file: `${ROOT}/pipeline/cli.py`,
          line: 64,
          fn: 'main',
          code: 'report = build_report(orders, month=args.month)',
        },
        {
          file: `${ROOT}/pipeline/aggregate.py`,
          line: 119,
          fn: 'build_report',
          code: 'frame = frame.assign(amount_eur=to_eur(frame, rates_for(month)))',
        },
        { file: `${ROOT}/pipeline/currency.py`, line: 41, fn: 'rates_for', code: 'return RATES[month]' },
      ],
      "KeyError: '2025-02'",
    ),
  );
  step(
    'rates_for takes a month key like 2025-02, but RATES is keyed by date. Let me look at how RATES is built.',
    'grep -n "RATES\\|def rates_for" -A6 /testbed/pipeline/currency.py',
    0,
    'pipeline/currency.py:12:RATES: dict[str, dict[str, Decimal]] = load_rates(DATA / "ecb_rates.csv")\npipeline/currency.py:38:def rates_for(month: str) -> dict[str, Decimal]:\npipeline/currency.py-39-    """Reference rates of a month (YYYY-MM), from the ECB file."""\npipeline/currency.py-40-    # keys are YYYY-MM-DD: the first business day of the month\npipeline/currency.py-41-    return RATES[month]',
  );
  step(
    'The comment says keys are the first business day. I will look up the first key starting with the month.',
    `cd /testbed && python - <<'EOF'\nimport pathlib\np = pathlib.Path('pipeline/currency.py')\ns = p.read_text()\ns = s.replace('    return RATES[month]', '    for day in sorted(RATES):\\n        if day.startswith(month):\\n            return RATES[day]\\n    raise KeyError(f"no ECB rates for {month}")')\np.write_text(s)\nEOF`,
    0,
    '',
  );
  step('Run the CLI again.', 'cd /testbed && python -m pipeline.cli --month 2025-02', 0, reportTable(rng));
  step(
    'Now the whole test suite.',
    'cd /testbed && python -m pytest -q 2>&1 | tail -8',
    0,
    '........................................................                [100%]\n56 passed in 2.87s',
  );
  step(
    'I should add a test for a month whose first day is a weekend (2025-02-01 was a Saturday).',
    `cat >> /testbed/tests/test_currency.py <<'EOF'\n\n\ndef test_rates_for_month_starting_on_weekend():\n    rates = rates_for("2025-02")\n    assert rates["USD"] == Decimal("1.0362")\nEOF\ncd /testbed && python -m pytest tests/test_currency.py -q 2>&1 | tail -3`,
    0,
    '.........                                                               [100%]\n9 passed in 0.41s',
  );
  step('Let me check the diff.', 'cd /testbed && git diff', 0, DIFF);
  step(
    'The fix is complete: build_report converts amounts with to_eur before grouping, and rates_for finds the first business day of the month. Submitting.',
    'echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT',
    0,
    '',
  );
  return {
    id: 'builtin-pipeline-keyerror',
    format: 'mini-swe-agent',
    title: 'pipeline: KeyError amount_eur after the currency refactor',
    system: SYSTEM,
    messages,
    meta: { cwd: ROOT, model: 'gemini-3-pro-preview' },
  };
}

function observation(returncode: number, output: string): string {
  const LIMIT = 6000;
  if (output.length <= LIMIT) return `<returncode>${returncode}</returncode>\n<output>\n${output}\n</output>`;
  const head = output.slice(0, LIMIT / 2);
  const tail = output.slice(-LIMIT / 2);
  return `<returncode>${returncode}</returncode>\n<warning>\nThe output of your last command was too long.\n</warning>\n<output_head>\n${head}\n</output_head>\n<elided_chars>\n${output.length - LIMIT} characters elided\n</elided_chars>\n<output_tail>\n${tail}\n</output_tail>`;
}

function commitShow(rng: Rng): string {
  return [
    `commit 3f9c2e1${rng.hex(33)}`,
    'Author: Sam Okafor <sam@example.org>',
    'Date:   Mon Feb 3 11:20:44 2025 +0000',
    '',
    '    currency: move conversion out of the loaders',
    '',
    ' pipeline/currency.py | 58 ++++++++++++++++++++++++',
    ' pipeline/loaders.py  | 19 +-------',
    ' 2 files changed, 59 insertions(+), 18 deletions(-)',
    '',
    'diff --git a/pipeline/loaders.py b/pipeline/loaders.py',
    '--- a/pipeline/loaders.py',
    '+++ b/pipeline/loaders.py',
    '@@ -40,22 +40,6 @@ def load_orders(month: str) -> pd.DataFrame:',
    '     frame = pd.read_parquet(DATA / "orders" / month)',
    '     frame["channel"] = frame["channel"].astype("category")',
    '-    rates = ecb_rates(month)',
    '-    frame["amount_eur"] = [',
    '-        convert(amount, currency, rates)',
    '-        for amount, currency in zip(frame["amount"], frame["currency"])',
    '-    ]',
    '     return frame',
  ].join('\n');
}

function frameDump(rng: Rng): string {
  const rows = [
    'order_id        int64',
    'sku            object',
    'region         object',
    'channel      category',
    'currency       object',
    'amount        float64',
    'shipping      float64',
    'refunded      float64',
    'dtype: object',
  ];
  rows.push('    order_id        sku region channel currency   amount  shipping  refunded');
  for (let i = 0; i < 12; i++)
    rows.push(
      `${String(i).padStart(2)}  ${rng.int(4_000_000, 4_999_999)}  SKU-${rng.int(1000, 9999)} ${rng.pick(['EMEA', 'NA', 'APAC', 'LATAM']).padEnd(6)} ${rng.pick(['web', 'app', 'retail']).padEnd(7)} ${rng.pick(['EUR', 'USD', 'GBP', 'SEK'])}  ${(rng.int(500, 90_000) / 100).toFixed(2).padStart(7)}  ${(rng.int(0, 1500) / 100).toFixed(2).padStart(8)}  ${(0).toFixed(2).padStart(8)}`,
    );
  rows.push('EUR    18211', 'USD     9480', 'GBP     3105', 'SEK      877', 'Name: currency, dtype: int64');
  return rows.join('\n');
}

function reportTable(rng: Rng): string {
  const rows = [
    'Monthly report 2025-02 (amounts in EUR)',
    '',
    'region      orders     amount_eur    shipping   refunded',
  ];
  for (const r of ['APAC', 'EMEA', 'LATAM', 'NA'])
    rows.push(
      `${r.padEnd(10)}${String(rng.int(2000, 14_000)).padStart(8)}${(rng.int(100_000, 900_000) + 0.42).toFixed(2).padStart(15)}${(rng.int(5000, 40_000) + 0.1).toFixed(2).padStart(12)}${(rng.int(0, 9000) + 0.5).toFixed(2).padStart(11)}`,
    );
  rows.push('', 'written: reports/2025-02.csv');
  return rows.join('\n');
}

const CURRENCY = `"""Currency conversion with ECB reference rates."""
from __future__ import annotations

import csv
from decimal import Decimal
from pathlib import Path

import pandas as pd

DATA = Path(__file__).resolve().parent.parent / "data"


def load_rates(path: Path) -> dict[str, dict[str, Decimal]]:
    """ECB csv: one row per business day, one column per currency (units per EUR)."""
    rates: dict[str, dict[str, Decimal]] = {}
    with path.open(newline="") as handle:
        for row in csv.DictReader(handle):
            day = row.pop("Date")
            rates[day] = {code: Decimal(value) for code, value in row.items() if value not in ("", "N/A")}
    return rates


RATES: dict[str, dict[str, Decimal]] = load_rates(DATA / "ecb_rates.csv")


def to_eur(frame: pd.DataFrame, rates: dict[str, Decimal]) -> pd.Series:
    """Amounts of a frame in EUR; EUR rows are unchanged."""
    factor = frame["currency"].map(lambda code: 1 if code == "EUR" else 1 / float(rates[code]))
    return (frame["amount"] * factor).round(2)


def rates_for(month: str) -> dict[str, Decimal]:
    """Reference rates of a month (YYYY-MM), from the ECB file."""
    # keys are YYYY-MM-DD: the first business day of the month
    return RATES[month]`;

const TESTS_BEFORE = `..........F.............................................               [100%]
=================================== FAILURES ===================================
_________________________ test_regional_totals_in_eur __________________________

    def test_regional_totals_in_eur(february_orders):
>       report = build_report(february_orders, month="2025-02")

tests/test_aggregate.py:47:
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _
pipeline/aggregate.py:118: in build_report
    by_region = frame.groupby("region")["amount_eur"].sum()
E   KeyError: 'Column not found: amount_eur'
=========================== short test summary info ============================
FAILED tests/test_aggregate.py::test_regional_totals_in_eur - KeyError: 'Column not found: amount_eur'
1 failed, 55 passed in 2.91s`;

const DIFF = `diff --git a/pipeline/aggregate.py b/pipeline/aggregate.py
--- a/pipeline/aggregate.py
+++ b/pipeline/aggregate.py
@@ -3,6 +3,8 @@
 import pandas as pd
+
+from .currency import rates_for, to_eur
@@ -116,4 +118,5 @@ def build_report(frame: pd.DataFrame, month: str) -> Report:
+    frame = frame.assign(amount_eur=to_eur(frame, rates_for(month)))
     by_region = frame.groupby("region")["amount_eur"].sum()
diff --git a/pipeline/currency.py b/pipeline/currency.py
--- a/pipeline/currency.py
+++ b/pipeline/currency.py
@@ -38,4 +38,7 @@ def rates_for(month: str) -> dict[str, Decimal]:
-    return RATES[month]
+    for day in sorted(RATES):
+        if day.startswith(month):
+            return RATES[day]
+    raise KeyError(f"no ECB rates for {month}")
diff --git a/tests/test_currency.py b/tests/test_currency.py
@@ -61,0 +62,5 @@
+def test_rates_for_month_starting_on_weekend():
+    rates = rates_for("2025-02")
+    assert rates["USD"] == Decimal("1.0362")`;
