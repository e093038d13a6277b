import { describe, expect, it } from 'vitest';
import { condenseFrameLine } from '../../../../src/core/compress/code/boilerplate.js';
import { compressCode } from '../../../../src/core/compress/code/index.js';

describe('condenseFrameLine', () => {
  it("keeps which file an edit touched and drops the 'cat -n' explanation", () => {
    expect(
      condenseFrameLine(
        "The file /app/ledger/report.py has been updated. Here's the result of running `cat -n` on a snippet of the edited file:",
      ),
    ).toBe('The file /app/ledger/report.py has been updated:');
    expect(
      condenseFrameLine(
        "The file /testbed/a.py has been edited. Here's the result of running `cat -n` on a snippet of /testbed/a.py:",
      ),
    ).toBe('The file /testbed/a.py has been edited:');
    expect(condenseFrameLine("Here's the result of running `cat -n` on /testbed/a.py:")).toBe(
      'cat -n /testbed/a.py:',
    );
  });

  it('keeps whether a SWE-agent edit applied and drops the advice to the model', () => {
    expect(
      condenseFrameLine(
        'File updated. Please review the changes and make sure they are correct (correct indentation, no duplicate lines, etc). Edit the file again if necessary.',
      ),
    ).toBe('File updated.');
    expect(
      condenseFrameLine('Your changes have NOT been applied. Please fix your edit command and try again.'),
    ).toBe('Your changes have NOT been applied.');
    expect(
      condenseFrameLine(
        'DO NOT re-run the same failed edit command. Running it again will lead to the same error.',
      ),
    ).toBeUndefined();
    expect(
      condenseFrameLine(
        'Review the changes and make sure they are as expected. Edit the file again if necessary.',
      ),
    ).toBeUndefined();
    expect(condenseFrameLine('bash-$')).toBeUndefined();
  });

  it('drops the `(Open file: X)` footer when the header already named X', () => {
    expect(condenseFrameLine('(Open file: /repo/a.py)', '/repo/a.py')).toBeUndefined();
    expect(condenseFrameLine('(Open file: /repo/a.py)', '/repo/b.py')).toBe('(Open file: /repo/a.py)');
  });

  it('leaves other lines alone', () => {
    for (const line of [
      '(Open file: /repo/a.py)',
      '[File: /repo/a.py (75 lines total)]',
      'The file is fine.',
    ])
      expect(condenseFrameLine(line)).toBe(line);
  });
});

describe('compressCode framing of short snippets', () => {
  it('condenses the harness boilerplate around code too short to outline', () => {
    const text = [
      '[File: /ctf/solve.py (4 lines total)]',
      '1:from pwn import *',
      "2:r = remote('host', 1337)",
      "3:r.sendline(b'hello')",
      '4:print(r.recvall())',
      'File updated. Please review the changes and make sure they are correct (correct indentation, no duplicate lines, etc). Edit the file again if necessary.',
      '(Open file: /ctf/solve.py)',
      '(Current directory: /ctf)',
      'bash-$',
    ].join('\n');
    const summary = compressCode(text, {});
    expect(summary.helped).toBe(true);
    expect(summary.text).toBe(
      [
        '[File: /ctf/solve.py (4 lines total)]',
        '1:from pwn import *',
        "2:r = remote('host', 1337)",
        "3:r.sendline(b'hello')",
        '4:print(r.recvall())',
        'File updated.',
        '(Current directory: /ctf)',
      ].join('\n'),
    );
  });
});
