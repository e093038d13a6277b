import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const built = existsSync(path.join(root, 'dist/cli/main.js'));
if (!built) console.warn('skipping the lazy-loading tests: dist/ is missing (run npm run build)');

/** Prints every module URL the ESM loader loads, one a line on stderr. */
const TRACE = `data:text/javascript,${encodeURIComponent(
  `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent('export async function load(url, context, next) { process.stderr.write("LOADED " + url + "\\\\n"); return next(url, context); }'));`,
)}`;

function loadedBy(
  args: string[],
  {
    bin = 'bin/gardener',
    input = '',
    env = {},
  }: { bin?: string; input?: string; env?: Record<string, string> } = {},
): string[] {
  const run = spawnSync(process.execPath, ['--import', TRACE, path.join(root, bin), ...args], {
    encoding: 'utf8',
    input,
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  expect(run.status).toBe(0);
  return run.stderr.split('\n').flatMap((line) => (line.startsWith('LOADED ') ? [line.slice(7)] : []));
}

/**
 * The built modules a process ran: each file it loaded and, for a chunk of a bundle
 * (scripts/bundle-lib.mjs), the modules esbuild put in it (it heads each with a `// dist/…` line).
 */
function modulesIn(urls: readonly string[]): string[] {
  return urls.flatMap((url) => {
    if (!url.startsWith('file:') || !url.includes('/dist/')) return [url];
    const inner = readFileSync(fileURLToPath(url), 'utf8').matchAll(/^\/\/ (dist\/\S+\.js)$/gm);
    return [url, ...[...inner].map((m) => `${root}/${m[1] as string}`)];
  });
}

describe.skipIf(!built)('what a short process loads', () => {
  it('--version loads no command; --help loads the commands but neither the recall path nor the hook path', () => {
    const version = modulesIn(loadedBy(['--version']));
    expect(
      version.filter((url) =>
        /\/dist\/(cli\/program|core\/recall|core\/tokens|doors\/claude-code\/hooks)\b/.test(url),
      ),
    ).toEqual([]);
    expect(version.some((url) => url.includes('/dist/doors/kit/cli/version.js'))).toBe(true);
    const help = modulesIn(loadedBy(['--help']));
    expect(help.some((url) => url.includes('/dist/cli/program.js'))).toBe(true);
    expect(
      help.filter((url) =>
        /\/dist\/(core\/recall|core\/tokens|doors\/claude-code\/hooks\/(client|spool))\//.test(url),
      ),
    ).toEqual([]);
  });

  it('--help loads no command module (the static table lists them); a command loads no other door', () => {
    const help = modulesIn(loadedBy(['--help']));
    expect(help.some((url) => url.includes('/dist/cli/commands.js'))).toBe(true);
    expect(
      help.filter((url) =>
        /\/dist\/(doors\/(batch|bench|chat|proxy)|core\/(store|compress|garden))\//.test(url),
      ),
    ).toEqual([]);
    const recallHelp = modulesIn(loadedBy(['recall', '--help']));
    expect(recallHelp.some((url) => url.includes('/dist/doors/batch/cli/recall.js'))).toBe(true);
    expect(recallHelp.filter((url) => /\/dist\/doors\/(bench|chat|proxy)\//.test(url))).toEqual([]);
  });

  it('a hook process loads the bundled hook entry and its chunks, not the modules one by one', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'gardener-lazy-hook-'));
    try {
      const payload = JSON.stringify({
        session_id: 'lazy-hook',
        transcript_path: path.join(home, 't.jsonl'),
        cwd: home,
        hook_event_name: 'SessionStart',
        source: 'startup',
      });
      const env = { GARDENER_HOME: home, CLAUDE_PROJECT_DIR: home, XDG_RUNTIME_DIR: home };
      const loaded = loadedBy(['session-start'], { bin: 'bin/gardener-hook', input: payload, env });
      const ours = loaded.filter((url) => url.includes('/dist/'));
      expect(ours.some((url) => url.endsWith('/dist/doors/claude-code/cli/hook-entry.js'))).toBe(true);
      expect(ours.filter((url) => !/\/dist\/doors\/claude-code\/cli\/hook-/.test(url))).toEqual([]);
      expect(ours.length).toBeLessThan(12);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('compressing a log loads no YAML or TOML parser; a YAML file loads the YAML one', () => {
    const compress = pathToFileURL(path.join(root, 'dist/core/compress/index.js')).href;
    const script = `
      import { createRequire } from 'node:module';
      const { compress } = await import(${JSON.stringify(compress)});
      const parsers = () => {
        const loaded = Object.keys(createRequire(import.meta.url).cache);
        return ['yaml', 'smol-toml'].filter((name) => loaded.some((file) => file.includes('/node_modules/' + name + '/')));
      };
      const log = Array.from({ length: 300 }, (_, i) => 'INFO step ' + i + ' of job 7 ok').join('\\n');
      compress('log', log);
      const afterLog = parsers();
      const yaml = Array.from({ length: 80 }, (_, i) => 'key' + i + ':\\n  name: item ' + i + '\\n  size: ' + i).join('\\n');
      compress('structured', yaml, { path: 'config.yaml' });
      console.log(JSON.stringify({ afterLog, afterYaml: parsers() }));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ afterLog: [], afterYaml: ['yaml'] });
  });
});
