import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const built = existsSync(path.join(root, 'dist/cli/main.js'));
if (!built) console.warn('skipping the README examples: dist/ is missing (run npm run build)');

/** Commands a test cannot run as written: they need a key, a client, a long-lived server or ~/.claude. */
const NOT_HERE = /^npx gardener (?:chat|proxy|run|install|bench)\b/;

/** Every `npx gardener …` line of the README's sh blocks, in order, without its trailing comment. */
function readmeCommands(): string[] {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  return blocks
    .flatMap((block) => block.split('\n'))
    .map((line) => line.replace(/\s+#\s.*$/, '').trim())
    .filter((line) => /(?:^|\| )npx gardener /.test(line))
    .filter((line) => !NOT_HERE.test(line));
}

const dir = mkdtempSync(path.join(tmpdir(), 'gardener-readme-'));
symlinkSync(path.join(root, 'examples'), path.join(dir, 'examples'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!built)('the README, as written', () => {
  const commands = readmeCommands();

  it('has store examples that chain: ingest, then recall and show by the ids it prints', () => {
    expect(commands).toContain('npx gardener ingest examples/session.json --project demo');
    expect(commands.some((c) => c.startsWith('npx gardener show '))).toBe(true);
  });

  it.each(commands)('runs: %s', (command) => {
    const shell = command.replaceAll('npx gardener', `node ${path.join(root, 'bin/gardener')}`);
    const run = spawnSync('sh', ['-c', shell], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, GARDENER_HOME: path.join(dir, 'home'), NO_COLOR: '1' },
    });
    expect(run.stderr.replace(/^(?!gardener:).*$/gm, '').trim(), command).toBe('');
    expect(run.status, `${command}\n${run.stderr}`).toBe(0);
    if (command.startsWith('npx gardener show ')) expect(run.stdout).toContain('batch 1612 expected 20.00');
    if (command.startsWith('npx gardener recall "batch')) expect(run.stdout).toContain('q8k41vb2');
  });

  it('runs the keyless chat demo', () => {
    const run = spawnSync('sh', [path.join(root, 'examples/demo.sh')], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/batch 1612 expected 20\.00 but got 19\.00/);
  }, 70_000);
});
