import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  createReadStream,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGardener } from '../support/cli.js';

/** `gardener compress -o FILE` writes what FILE is: through a link, into a pipe or device, keeping a file's mode. */
const SESSION = path.resolve(import.meta.dirname, '../../examples/session.json');

let dir: string;
let expected: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'gardener-output-file-'));
  const run = await runGardener(['compress', SESSION, '--db', path.join(dir, 'ref.db')]);
  expect(run.code).toBe(0);
  expected = run.stdout;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `gardener compress` of the example session into `out`, on a store of its own. */
async function compressTo(out: string) {
  return runGardener(['compress', SESSION, '--db', path.join(dir, `${path.basename(out)}.db`), '-o', out]);
}

/** Files left in a folder that look like a temporary output. */
const temps = (folder: string) => readdirSync(folder).filter((name) => name.endsWith('.tmp'));

describe('gardener compress -o', () => {
  it('writes through a symbolic link to its target; the link stays a link', async () => {
    const target = path.join(dir, 'real.json');
    writeFileSync(target, 'old');
    chmodSync(target, 0o640);
    const link = path.join(dir, 'link.json');
    symlinkSync('real.json', link);
    const run = await compressTo(link);
    expect(run.code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe('real.json');
    expect(readFileSync(target, 'utf8')).toBe(expected);
    expect(statSync(target).mode & 0o777).toBe(0o640);
    expect(temps(dir)).toEqual([]);
  });

  it('creates the target of a dangling link, not a file in the link’s place', async () => {
    const sub = path.join(dir, 'dangling');
    mkdirSync(sub);
    const link = path.join(sub, 'out.json');
    symlinkSync('made.json', link);
    expect((await compressTo(link)).code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(sub, 'made.json'), 'utf8')).toBe(expected);
  });

  it('keeps a 0600 file 0600', async () => {
    const file = path.join(dir, 'private.json');
    writeFileSync(file, 'secret transcript', { mode: 0o600 });
    chmodSync(file, 0o600);
    expect((await compressTo(file)).code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe(expected);
  });

  it('creates a new file with the umask’s mode', async () => {
    const file = path.join(dir, 'new.json');
    expect((await compressTo(file)).code).toBe(0);
    const umask = Number.parseInt(execFileSync('sh', ['-c', 'umask'], { encoding: 'utf8' }).trim(), 8);
    expect(statSync(file).mode & 0o777).toBe(0o666 & ~umask);
  });

  it('writes into a FIFO its reader gets whole; the FIFO stays a FIFO', async () => {
    const fifo = path.join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const read = new Promise<string>((resolve, reject) => {
      let text = '';
      createReadStream(fifo, 'utf8')
        .on('data', (chunk) => (text += String(chunk)))
        .on('end', () => resolve(text))
        .on('error', reject);
    });
    const run = await compressTo(fifo);
    expect(run.code).toBe(0);
    expect(await read).toBe(expected);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(temps(dir)).toEqual([]);
  });

  it('writes into a device through a link (to /dev/null): neither is replaced', async () => {
    const link = path.join(dir, 'null');
    symlinkSync('/dev/null', link);
    const before = statSync('/dev/null');
    const run = await compressTo(link);
    expect(run.code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    const after = statSync('/dev/null');
    expect(after.isCharacterDevice()).toBe(true);
    expect([after.ino, after.rdev]).toEqual([before.ino, before.rdev]);
    expect(temps('/dev').filter((name) => name.startsWith('.null.'))).toEqual([]);
  });

  it('refuses a directory, saying so', async () => {
    const folder = path.join(dir, 'folder');
    mkdirSync(folder);
    const run = await compressTo(folder);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('directory');
    expect(readdirSync(folder)).toEqual([]);
  });
});
