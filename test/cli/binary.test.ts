import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtinSessions } from '../../src/doors/bench/builtin/index.js';
import { exportTranscripts } from '../../src/core/transcript/export.js';
import { validate } from '../../src/core/transcript/validate.js';

const root = path.resolve(import.meta.dirname, '../..');
const bin = path.join(root, 'bin/gardener');
const built = existsSync(path.join(root, 'dist/cli/main.js'));
if (!built) console.warn('skipping the built-binary tests: dist/ is missing (run npm run build)');

/** Every folder the tests make, removed at the end. */
const folders: string[] = [];
const tempFolder = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gardener-bin-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const gardener = (args: string[], input?: string) =>
  spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    input,
    env: { ...process.env, NO_COLOR: '1', GARDENER_HOME: tempFolder() },
    maxBuffer: 64 * 1024 * 1024,
  });

describe.skipIf(!built)('the built binary', () => {
  it('prints its version and help', () => {
    const version = gardener(['--version']);
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const help = gardener(['--help']);
    expect(help.status).toBe(0);
    for (const command of ['compress', 'ingest', 'recall', 'show', 'forget', 'note', 'stats', 'bench']) {
      expect(help.stdout).toContain(command);
    }
  });

  it('stops quietly when the reader closes the pipe early (`| head`)', () => {
    const run = spawnSync('sh', ['-c', `"${process.execPath}" "${bin}" compress --help | head -1`], {
      encoding: 'utf8',
    });
    expect(run.stdout).toMatch(/^Usage: gardener compress/);
    expect(run.stderr).not.toMatch(/EPIPE|Unhandled/);
  });

  it('compresses a transcript piped on stdin into a valid request, the report on stderr', () => {
    const session = builtinSessions().find((s) => s.messages.length > 50)!;
    const run = gardener(['compress', '-'], exportTranscripts([session], 'anthropic'));
    expect(run.status).toBe(0);
    expect(validate(JSON.parse(run.stdout)).ok).toBe(true);
    expect(run.stderr).toMatch(/^request\s+/m);
  });

  it('exits 3 with a message naming the file on bad input, and prints nothing on stdout', () => {
    const file = path.join(tempFolder(), 'broken.json');
    writeFileSync(file, '{"messages": [');
    const run = gardener(['compress', file]);
    expect(run.status).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('broken.json');
  });
});
