import path from 'node:path';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fileFilters, runNeedsBuild } from './fresh-build.js';

const testDir = path.resolve(import.meta.dirname, '..');
const files = readdirSync(testDir, { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.test\.tsx?$/.test(name))
  .map((name) => path.join(testDir, name));

describe('the build before a test run', () => {
  it('reads the file filters of a vitest command line, not the values of its options', () => {
    const argv = [
      'node',
      'vitest.mjs',
      'run',
      'test/a.test.ts',
      '--reporter',
      'verbose',
      '-t',
      'x',
      'test/b/',
    ];
    expect(fileFilters(argv)).toEqual(['test/a.test.ts', 'test/b/']);
    expect(fileFilters(['node', 'vitest.mjs', 'run', 'test/c.test.ts:12', '--reporter=json'])).toEqual([
      'test/c.test.ts',
    ]);
    expect(fileFilters(['node', 'vitest.mjs', 'run'])).toEqual([]);
  });

  it('builds for the whole suite and for a file that runs the built CLI, not for in-process files', () => {
    expect(runNeedsBuild([], files)).toBe(true);
    expect(runNeedsBuild(['test/cli/binary.test.ts'], files)).toBe(true);
    expect(
      runNeedsBuild(['test/core/store/open.test.ts', 'test/core/garden/properties.test.ts'], files),
    ).toBe(false);
    expect(runNeedsBuild(['test/core/store/', 'test/e2e/readme-examples.test.ts'], files)).toBe(true);
    expect(runNeedsBuild(['e2e'], files)).toBe(true);
  });
});
