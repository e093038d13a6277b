import { describe, expect, it } from 'vitest';
import {
  components,
  emptyFailures,
  failureFor,
  sameTest,
} from '../../../../src/core/compress/log/test-runs/failures.js';
import { groupIds } from '../../../../src/core/compress/log/test-runs/report.js';

describe('failure merging', () => {
  it('splits test ids the way each runner spells them', () => {
    expect(components('tests/a.py::TestX::test_y[1.5]')).toEqual(['tests/a.py', 'TestX', 'test_y[1.5]']);
    expect(components('TestX.test_y[a.b]')).toEqual(['TestX', 'test_y[a.b]']);
    expect(components('VAT › rounds half up')).toEqual(['VAT', 'rounds half up']);
    expect(components('src/tax.test.ts > tax > rounds')).toEqual(['src/tax.test.ts', 'tax', 'rounds']);
  });

  it('treats a pytest node id and its section-header spelling as one test, but not tests of other classes', () => {
    expect(sameTest('tests/a.py::TestX::test_y[GET]', 'TestX.test_y[GET]')).toBe(true);
    expect(sameTest('tests/a.py::test_y', 'test_y')).toBe(true);
    expect(sameTest('tests/a.py::TestX::test_y', 'TestZ.test_y')).toBe(false);
    expect(sameTest('tests/a.py::TestX::test_y', 'tests/a.py::TestX::test_z')).toBe(false);
  });

  it('merges mentions into one record: the most qualified id, the first reason, error over failure', () => {
    const failures = emptyFailures();
    failureFor(failures, 'TestX.test_y', 'failed');
    failureFor(failures, 'tests/a.py::TestX::test_y', 'failed', 'assert 1 == 2');
    failureFor(failures, 'TestX.test_y', 'error', 'later reason');
    expect(failures.list).toHaveLength(1);
    expect(failures.list[0]).toMatchObject({
      id: 'tests/a.py::TestX::test_y',
      kind: 'error',
      reason: 'assert 1 == 2',
    });
  });

  it('lists ids sharing a file and class prefix on one line, each name whole', () => {
    expect(groupIds(['t.py::A::test_a[1]', 't.py::A::test_b', 'u.py::test_c', 'plain'])).toEqual([
      't.py::A:: test_a[1], test_b',
      'u.py:: test_c',
      'plain',
    ]);
  });
});
