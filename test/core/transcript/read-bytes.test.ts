import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { readFileBounded, readStreamBounded } from '../../../src/core/transcript/read-bytes.js';
import { runGardener } from '../../support/cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'gardener-read-bytes-'));
chmodSync(dir, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const root = path.resolve(import.meta.dirname, '../../..');

describe('reading devices, pipes and streams with a byte bound', () => {
  it('refuses /dev/zero at the default limit: exit 3, a plain message, nothing on stdout', async () => {
    const before = process.memoryUsage().rss;
    const run = await runGardener(['compress', '/dev/zero']);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('/dev/zero: input is larger than the 64.0 MiB');
    // Read in 1 MiB steps up to the limit, never whole (it used to grow to 23 GB).
    expect(process.memoryUsage().rss - before).toBeLessThan(400 * 1024 * 1024);
  });

  it('honours --max-bytes on a device', async () => {
    const run = await runGardener(['compress', '/dev/urandom', '--max-bytes', '4096']);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('/dev/urandom: input is larger than the 4.0 KiB (4,096 bytes) limit');
  });

  it('stops reading a named pipe at the limit, whatever its writer sends', async () => {
    const fifo = path.join(dir, 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const writer = spawn('sh', ['-c', `head -c 8000000 /dev/zero > ${fifo}`], { stdio: 'ignore' });
    const run = await runGardener(['compress', fifo, '--max-bytes', '1048576']);
    writer.kill();
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('input is larger than the 1.0 MiB');
  });

  it('pulls no more of a stream than the limit and one chunk', async () => {
    let pulled = 0;
    function* endless() {
      for (;;) {
        pulled++;
        yield Buffer.alloc(1000);
      }
    }
    await expect(
      readStreamBounded(Readable.from(endless(), { objectMode: true }), 10_000),
    ).rejects.toMatchObject({ code: 'INPUT_TOO_LARGE' });
    expect(pulled).toBe(11);
  });
});

describe('regular files', () => {
  it('reads a file past one read step whole, every byte in place', async () => {
    const file = path.join(dir, 'whole.bin');
    const bytes = Buffer.from(Array.from({ length: 3 * 1024 * 1024 + 17 }, (_, i) => (i * 7) % 251));
    writeFileSync(file, bytes);
    const read = await readFileBounded(file, bytes.length);
    expect(Buffer.compare(Buffer.from(read), bytes)).toBe(0);
  });

  it('refuses a file one byte over the limit before reading it', async () => {
    const file = path.join(dir, 'over.bin');
    writeFileSync(file, Buffer.alloc(1001, 1));
    await expect(readFileBounded(file, 1000)).rejects.toMatchObject({ code: 'INPUT_TOO_LARGE' });
  });

  it('reads an empty file as no bytes', async () => {
    const file = path.join(dir, 'empty.bin');
    writeFileSync(file, '');
    expect((await readFileBounded(file, 1000)).length).toBe(0);
  });
});

describe('unreadable files', () => {
  it('names a folder given as a file, exit 3', async () => {
    const run = await runGardener(['compress', dir]);
    expect(run.code).toBe(3);
    expect(run.stderr).toBe(`gardener: ${dir}: is a folder, not a transcript file\n`);
  });

  it('says "permission denied" for a file this user cannot read, exit 3, no internal error', async () => {
    const file = path.join(dir, 'locked.json');
    writeFileSync(file, JSON.stringify([{ role: 'user', content: 'hi' }]));
    chmodSync(file, 0o000);
    const expected = `gardener: ${file}: permission denied (the file cannot be read by this user)\n`;
    if (process.getuid?.() !== 0) {
      const run = await runGardener(['compress', file]);
      expect([run.code, run.stderr]).toEqual([3, expected]);
      return;
    }
    // root reads any file: run the CLI as nobody to get a real EACCES from the kernel.
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'src/cli/main.ts'), 'compress', file],
      {
        cwd: root,
        uid: 65534,
        gid: 65534,
        encoding: 'utf8',
        env: { PATH: process.env['PATH'], HOME: dir, NO_COLOR: '1' },
      },
    );
    expect([run.status, run.stdout, run.stderr]).toEqual([3, '', expected]);
  }, 30_000);
});
