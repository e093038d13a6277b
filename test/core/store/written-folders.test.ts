import { describe, expect, it } from 'vitest';
import { writtenFolderKey, writtenFolderKeys } from '../../../src/core/store/folders.js';

const source = (over: Partial<Parameters<typeof writtenFolderKeys>[0]>) =>
  writtenFolderKeys({ original: '', sourcePath: undefined, call: '', tool: undefined, ...over });

describe('written-folder keys', () => {
  it('keys a file by the folder it sits in, absolute or relative alike', () => {
    expect(writtenFolderKey('/testbed/reproduce.py')).toBe('fw0testbed');
    expect(writtenFolderKey('testbed/edge_cases.py')).toBe('fw0testbed');
    expect(writtenFolderKey('/srv/my-shop/app.py')).toBe('fw0myshop');
    expect(writtenFolderKey('reproduce.py')).toBeUndefined();
    expect(writtenFolderKey('/testbed/build')).toBeUndefined();
  });

  it('keys the entries a write made: a writing tool, an editor create, a shell redirect', () => {
    expect(source({ tool: 'Write', sourcePath: '/work/shop/cart.py' })).toEqual(['fw0shop']);
    expect(
      source({
        call: 'str_replace_editor create /testbed/check.py',
        original: 'File created successfully at: /testbed/check.py',
      }),
    ).toEqual(['fw0testbed']);
    expect(source({ call: "cat <<'EOF' > scripts/probe.py" })).toEqual(['fw0scripts']);
  });

  it('keys no entry that only read or ran files', () => {
    expect(source({ tool: 'Read', sourcePath: '/work/shop/cart.py' })).toEqual([]);
    expect(source({ call: 'python /testbed/check.py', original: 'ok /testbed/check.py' })).toEqual([]);
    expect(source({ call: 'str_replace_editor view /testbed/check.py' })).toEqual([]);
  });

  it('takes the folder from an output only when it names one file', () => {
    expect(source({ tool: 'Edit', original: 'Updated /a/one.py and /b/two.py' })).toEqual([]);
    expect(source({ tool: 'Edit', original: 'The file /a/one.py has been updated.' })).toEqual(['fw0a']);
  });
});
