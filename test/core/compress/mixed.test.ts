import { describe, expect, it } from 'vitest';
import { compressMixed, isMixed } from '../../../src/core/compress/mixed.js';
import { splitSegments } from '../../../src/core/compress/segments.js';

const TRACE = [
  'Traceback (most recent call last):',
  '  File "/srv/app/worker.py", line 88, in handle',
  '    result = process(job)',
  '  File "/srv/venv/lib/python3.11/site-packages/celery/app/task.py", line 411, in __call__',
  '    return self.run(*args, **kwargs)',
  '  File "/srv/venv/lib/python3.11/site-packages/celery/app/trace.py", line 451, in trace_task',
  '    R = retval = fun(*args, **kwargs)',
  '  File "/srv/app/jobs/invoice.py", line 31, in process',
  '    total = compute_total(job.lines)',
  "KeyError: 'vat_rate'",
];

const JSON_BLOB = JSON.stringify(
  {
    job: {
      id: 4411,
      queue: 'invoices',
      attempts: 3,
      lines: Array.from({ length: 12 }, (_, i) => ({ sku: `SKU-${i}`, qty: i + 1, price: 9.99 })),
    },
  },
  null,
  2,
).split('\n');

const LOG = [
  ...Array.from(
    { length: 40 },
    (_, i) =>
      `2024-05-01 10:00:${String(i).padStart(2, '0')} INFO worker-1 processed job ${1000 + i} in ${10 + (i % 7)}ms`,
  ),
  '2024-05-01 10:00:41 ERROR worker-1 job 4411 failed',
  ...TRACE,
  '2024-05-01 10:00:42 INFO worker-1 payload of the failed job follows',
  ...JSON_BLOB,
  ...Array.from(
    { length: 30 },
    (_, i) =>
      `2024-05-01 10:01:${String(i).padStart(2, '0')} INFO worker-1 processed job ${2000 + i} in ${10 + (i % 5)}ms`,
  ),
];

describe('splitSegments', () => {
  it('cuts a log into log, trace and JSON segments in order', () => {
    const segments = splitSegments(LOG);
    expect(segments.map((segment) => segment.kind)).toEqual(['log', 'trace', 'log', 'json', 'log']);
    expect(segments[1]?.lines).toEqual(TRACE);
    expect(segments[3]?.lines).toEqual(JSON_BLOB);
  });

  it('keeps a chained Python trace in one segment', () => {
    const chained = [
      ...TRACE,
      '',
      'During handling of the above exception, another exception occurred:',
      '',
      ...TRACE.slice(0, 3),
      'RuntimeError: job 4411 aborted',
    ];
    const segments = splitSegments(['start', ...chained, 'end']);
    expect(segments.map((segment) => [segment.kind, segment.lines.length])).toEqual([
      ['log', 1],
      ['trace', chained.length],
      ['log', 1],
    ]);
  });

  it('leaves small or broken JSON inside the log', () => {
    expect(splitSegments(['{"a": 1}', 'done']).map((segment) => segment.kind)).toEqual(['log']);
    expect(splitSegments(['{', '  "a": [1, 2,', 'oops']).map((segment) => segment.kind)).toEqual(['log']);
  });
});

describe('compressMixed', () => {
  it('compresses each segment with its own compressor and keeps them in order', () => {
    const text = LOG.join('\n');
    expect(isMixed(text)).toBe(true);
    const summary = compressMixed(text);
    expect(summary.helped).toBe(true);
    expect(summary.note).toBe('mixed: 3 log, 1 trace, 1 json');
    expect(summary.text.length).toBeLessThan(text.length / 2);
    const trace = summary.text.indexOf('Traceback (most recent call last):');
    const keyError = summary.text.indexOf("KeyError: 'vat_rate'");
    expect(trace).toBeGreaterThan(summary.text.indexOf('[log: 41 lines'));
    expect(keyError).toBeGreaterThan(trace);
    expect(summary.text).toContain('File "/srv/app/jobs/invoice.py", line 31, in process');
    expect(summary.text).toContain('[… 2 library frames: celery]');
    expect(summary.text).toContain('job 4411 failed');
  });

  it('does not split test-runner output, diffs, or logs without another kind in them', () => {
    expect(isMixed(`${TRACE.join('\n')}\n========== 1 failed, 2 passed in 0.10s ==========`)).toBe(false);
    expect(isMixed(LOG.slice(0, 40).join('\n'))).toBe(false);
  });

  it('says so when there is nothing to split', () => {
    expect(compressMixed('one line')).toMatchObject({ text: 'one line', helped: false });
  });
});

describe('compressMixed with a trace printed twice', () => {
  it('shows the second copy as a reference to the first', () => {
    const filler = (n: number): string[] =>
      Array.from(
        { length: 20 },
        (_, i) => `2024-05-01 10:0${n}:${String(i).padStart(2, '0')} INFO step ${i} done`,
      );
    const text = [...filler(1), ...TRACE, ...filler(2), ...TRACE, ...filler(3)].join('\n');
    const summary = compressMixed(text);
    expect(summary.helped).toBe(true);
    expect(summary.text.split("KeyError: 'vat_rate'").length).toBe(2);
    expect(summary.text).toContain(`[… ${TRACE.length} lines: the same trace as above]`);
  });
});
