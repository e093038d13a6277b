import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeOutputFile } from '../../../../src/doors/kit/cli/output-file.js';
import { GardenerError } from '../../../../src/errors.js';

const dir = mkdtempSync(path.join(tmpdir(), 'gardener-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeOutputFile', () => {
  it('writes pieces as they come into the whole file', async () => {
    const file = path.join(dir, 'whole.json');
    await writeOutputFile(file, ['{', '"a": 1', '}\n']);
    expect(readFileSync(file, 'utf8')).toBe('{"a": 1}\n');
  });

  it('leaves no file when a piece fails to come, and fails with that piece’s own error', async () => {
    const file = path.join(dir, 'never.json');
    const failing = (function* () {
      yield '{"messages": [';
      throw new GardenerError('NOT_FOUND', 'the summary of block k is no longer in the store');
    })();
    const error = await writeOutputFile(file, failing).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NOT_FOUND' });
    expect(readdirSync(dir)).not.toContain('never.json');
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('says the output cannot be written when the file system refuses it', async () => {
    const error = await writeOutputFile(path.join(dir, 'no-such-dir', 'out.json'), ['x']).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'OUTPUT_UNWRITABLE' });
  });
});
