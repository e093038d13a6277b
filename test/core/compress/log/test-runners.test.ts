import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { unwrapToolOutput } from '../../../../src/core/transcript/formats/registry.js';
import { compressLog } from '../../../../src/core/compress/log/index.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../../fixtures/compress/log/${name}`, import.meta.url), 'utf8');

describe('compressLog on pytest output', () => {
  it('reduces a failing run to totals, each failing test, its assertion and location', () => {
    const original = fixture('pytest-failures.txt');
    const summary = compressLog(original);
    expect(summary.helped).toBe(true);
    expect(summary.text.length).toBeLessThan(original.length * 0.2);
    const lines = summary.text.split('\n');
    expect(lines[0]).toMatch(/^\[log: \d+ lines(?:, \d+ errors?)?(?:, \d+ warnings?)?\]$/);
    expect(lines[1]).toBe('[pytest: 6 collected, 3 failed, 3 passed in 0.41s]');
    for (const [test, line] of [
      ['test_link_with_valid_cache', 59],
      ['test_link_css_styling', 105],
      ['test_link_with_session_title', 124],
    ] as const) {
      expect(summary.text).toContain(`FAILED test/test_session_link.py::TestSessionLink::${test}`);
      expect(summary.text).toContain(`test/test_session_link.py:${line}: AssertionError`);
    }
    expect(summary.text).toContain(`E           assert 'combined_transcript_link' in`);
    expect(summary.text).not.toContain('PASSED');
    expect(summary.note).toBe('pytest: 3 failing; 6 collected, 3 failed, 3 passed in 0.41s');
  });

  it('shows identical setup errors once, with every test name', () => {
    const summary = compressLog(fixture('pytest-setup-errors.txt'));
    expect(summary.text).toContain('ERROR ×6');
    expect(summary.text.match(/recursive dependency involving fixture 'httpbin' detected/g)).toHaveLength(1);
    for (const name of [
      'test_no_content_length[GET]',
      'test_no_content_length[HEAD]',
      'test_no_body_content_length[POST]',
      'test_no_body_content_length[OPTIONS]',
    ]) {
      expect(summary.text).toContain(name);
    }
    expect(summary.text).toContain('/testbed/tests/conftest.py:28');
  });

  it('keeps the failures named on both sides of an agent-elided middle', () => {
    const body = unwrapToolOutput(fixture('pytest-elided.txt')).body;
    const summary = compressLog(body);
    expect(summary.text).toContain('[pytest: 150 collected, 4 passed, 146 errors in 31.46s]');
    expect(summary.text).toContain('test_rename_keyword');
    expect(summary.text).toContain('test_hdu_writeto_mode[ab+]');
    expect(summary.text).toContain('[… 772646 characters elided …]');
  });
});

describe('compressLog on other test runners', () => {
  it('unittest (Django runner): totals, FAIL and ERROR blocks with message and project frames', () => {
    const summary = compressLog(fixture('unittest-django.txt'));
    expect(summary.text).toContain('[unittest: Ran 16 tests in 0.214s · FAILED (failures=1, errors=1)]');
    expect(summary.text).toContain(
      'FAILED test_custom_form_saves_many_to_many_field (auth_tests.test_forms.UserCreationFormTest',
    );
    expect(summary.text).toContain('AssertionError: Lists differ: [] != [<Organization: organization 1>]');
    expect(summary.text).toContain('ERROR test_user_create_form_validates_password_with_all_data');
    expect(summary.text).toContain("KeyError: 'username'");
    expect(summary.text).toContain('File "/testbed/tests/auth_tests/test_forms.py", line 245');
    expect(summary.text).not.toContain('unittest/case.py');
    expect(summary.text).not.toContain('... ok');
  });

  it('jest: totals, the failing suite, the failing test with expected and received', () => {
    const summary = compressLog(fixture('jest.txt'));
    expect(summary.text).toContain('Tests: 1 failed, 8 passed, 9 total');
    expect(summary.text).toContain('FAIL src/vat.test.js');
    expect(summary.text).toContain('FAILED VAT › should calculate VAT for period');
    expect(summary.text).toContain('Expected: 1250');
    expect(summary.text).toContain('Received: 1249.99');
    expect(summary.text).not.toContain('✓');
  });

  it('vitest: the failing test once, its assertion, diff and location', () => {
    const summary = compressLog(fixture('vitest.txt'));
    expect(summary.text).toContain('Tests 1 failed | 9 passed (10)');
    expect(summary.text.match(/^FAILED /gm)).toHaveLength(1);
    expect(summary.text).toContain('FAILED src/tax.test.ts > tax > rounds half up');
    expect(summary.text).toContain('AssertionError: expected 10.01 to be 10.02');
    expect(summary.text).toContain('❯ src/tax.test.ts:14:32');
  });

  it('mocha: links the numbered failure to its details', () => {
    const summary = compressLog(fixture('mocha.txt'));
    expect(summary.text).toContain('[mocha: 5 passing (14ms) · 1 failing]');
    expect(summary.text).toContain('FAILED should return -1 when the value is not present');
    expect(summary.text).toContain('AssertionError [ERR_ASSERTION]: 4 == -1');
    expect(summary.text).toContain('(test/array.test.js:9:14)');
    expect(summary.text).not.toContain('node_modules/mocha');
  });

  it('go test: counts, the failing package, the failing test with the output printed before its verdict', () => {
    const summary = compressLog(fixture('go-test.txt'));
    expect(summary.text).toContain('[go test: 4 passed, 1 skipped, 1 packages failed, 2 packages ok]');
    expect(summary.text).toContain('FAIL\texample.com/calc\t0.004s');
    expect(summary.text).toMatch(/FAILED TestAdd\n\s+add_test\.go:12: Add\(1, 2\) = 4, want 3/);
    expect(summary.text).not.toContain('=== RUN');
  });

  it('cargo test: the result line and the panic of the failing test', () => {
    const summary = compressLog(fixture('cargo-test.txt'));
    expect(summary.text).toContain('test result: FAILED. 4 passed; 1 failed');
    expect(summary.text).toContain('FAILED tests::parses_empty');
    expect(summary.text).toContain("thread 'tests::parses_empty' panicked at src/lib.rs:42:9:");
    expect(summary.text).toContain('left: Err(Empty)');
    expect(summary.text).not.toContain('test tests::adds ... ok');
  });
});

describe('failures with one problem', () => {
  it('are grouped when their messages differ only in numbers, every test name kept', () => {
    const failure = (name: string, rms: string): string[] => [
      `________________________________ ${name} ________________________________`,
      '    def test_compare():',
      `E   ImageComparisonFailure: images not close (RMS ${rms}):`,
      `lib/tests/test_image.py:${rms.length}: ImageComparisonFailure`,
    ];
    const lines = [
      '============================= test session starts ==============================',
      'collected 3 items',
      '',
      'lib/tests/test_image.py FFF                                              [100%]',
      '',
      '=================================== FAILURES ===================================',
      ...failure('test_clip', '66.448'),
      ...failure('test_cliprect', '41.2'),
      ...failure('test_mask', '7.745'),
      '=========================== short test summary info ============================',
      'FAILED lib/tests/test_image.py::test_clip - ImageComparisonFailure: images not close',
      'FAILED lib/tests/test_image.py::test_cliprect - ImageComparisonFailure: images n...',
      'FAILED lib/tests/test_image.py::test_mask - ImageComparisonFailure: images not c...',
      '============================== 3 failed in 1.20s ===============================',
    ];
    const summary = compressLog(lines.join('\n'));
    expect(summary.text).toContain('FAILED ×3');
    expect(summary.text).toContain('lib/tests/test_image.py:: test_clip, test_cliprect, test_mask');
    expect(summary.text.split('(RMS ').length).toBe(2);
  });
});
