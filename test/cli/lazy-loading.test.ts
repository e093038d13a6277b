import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createTiktokenCounter } from '../../src/core/tokens/tokenizer.js';

const root = path.resolve(import.meta.dirname, '../..');
const built = existsSync(path.join(root, 'dist/cli/main.js'));
if (!built) console.warn('skipping the lazy-loading tests: dist/ is missing (run npm run build)');

/**
 * Prints every module URL the ESM loader loads, one a line on stderr; as the process exits, every
 * file `require()` loaded (`REQUIRED …`) and every Node built-in module it compiled (`BUILTIN …`).
 */
const TRACE = `data:text/javascript,${encodeURIComponent(
  `import { createRequire, register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent('export async function load(url, context, next) { process.stderr.write("LOADED " + url + "\\\\n"); return next(url, context); }'));
const cache = createRequire('/').cache;
process.on('exit', () => {
  for (const file of Object.keys(cache)) process.stderr.write('REQUIRED ' + file + '\\n');
  for (const name of process.moduleLoadList) if (name.startsWith('NativeModule ')) process.stderr.write('BUILTIN ' + name.slice(13) + '\\n');
});`,
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
  return traced(run.stderr);
}

/** The ESM loader's URLs, then `cjs:<file>` for each required file and `builtin:<name>`. */
function traced(stderr: string): string[] {
  return stderr.split('\n').flatMap((line) => {
    if (line.startsWith('LOADED ')) return [line.slice(7)];
    if (line.startsWith('REQUIRED ')) return [`cjs:${line.slice(9)}`];
    if (line.startsWith('BUILTIN ')) return [`builtin:${line.slice(8)}`];
    return [];
  });
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

/** Packages only the engine's compressors and the full tokenizer load. */
const ENGINE_ONLY_PACKAGES = /\/node_modules\/(js-tiktoken|tree-sitter[^/]*|wink-[^/]+|yaml|smol-toml)\//;

describe.skipIf(!built)('what recall and a server-less hook load', () => {
  const home = mkdtempSync(path.join(tmpdir(), 'gardener-lazy-short-'));
  const env = {
    GARDENER_HOME: home,
    CLAUDE_PROJECT_DIR: home,
    XDG_RUNTIME_DIR: home,
    GARDENER_HOOK_SERVER: '0',
  };
  afterAll(() => rmSync(home, { recursive: true, force: true }));
  const hookInput = (extra: Record<string, unknown>) =>
    JSON.stringify({
      session_id: 'lazy-short',
      transcript_path: path.join(home, 't.jsonl'),
      cwd: home,
      ...extra,
    });

  it('a recall with hits loads the store and recall, not the classifier, compressors, garden or rank table', () => {
    const log = Array.from({ length: 60 }, (_, i) =>
      i === 30 ? 'ERROR vat_check batch 1612 expected 20.00 got 19.00' : `INFO step ${i} ok`,
    ).join('\n');
    const session = path.join(home, 'session.json');
    writeFileSync(
      session,
      JSON.stringify({
        messages: [
          { role: 'user', content: 'Why does the vat check fail?' },
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'make' } }],
          },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: log }] },
          { role: 'assistant', content: 'Done.' },
        ],
      }),
    );
    const ingest = spawnSync(
      process.execPath,
      [path.join(root, 'bin/gardener'), 'ingest', session, '--project', home],
      {
        env: { ...process.env, ...env },
      },
    );
    expect(ingest.status).toBe(0);
    const trace = spawnSync(
      process.execPath,
      ['--import', TRACE, path.join(root, 'bin/gardener'), 'recall', 'vat_check batch', '--project', home],
      { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env } },
    );
    expect(trace.status).toBe(0);
    expect(trace.stdout).toContain('vat_check batch 1612');
    // Its own bundle: the entry that picks it, the bundle, and the chunk it shares with the lazy
    // path that stores what hooks spooled.
    const files = traced(trace.stderr).filter((url) => url.includes('/dist/'));
    expect(files.map((url) => path.basename(url))).toEqual([
      'main.js',
      'recall-process.js',
      expect.stringMatching(/^recall-chunk-[A-Z0-9]{8}\.js$/),
    ]);
    const loaded = modulesIn(traced(trace.stderr));
    expect(loaded.some((url) => url.endsWith('/dist/core/recall/recall.js'))).toBe(true);
    expect(loaded.some((url) => url.endsWith('/dist/core/store/search.js'))).toBe(true);
    const engine = loaded.filter((url) =>
      /\/dist\/core\/(compress|transcript|classify\/(?!types)|garden\/(?!constants|view\/slot|session\/(words|defaults)))/.test(
        url,
      ),
    );
    expect(engine).toEqual([]);
    expect(loaded.filter((url) => ENGINE_ONLY_PACKAGES.test(url))).toEqual([]);
    // better-sqlite3's JavaScript is in the bundle; only its addon is required, by its path.
    expect(loaded.filter((url) => url.startsWith('cjs:') && url.includes('/better-sqlite3/'))).toEqual([
      expect.stringMatching(/\/better-sqlite3\/build\/Release\/better_sqlite3\.node$/),
    ]);
    expect(loaded.filter((url) => url === 'builtin:child_process' || url === 'builtin:v8')).toEqual([]);
  });

  it('a recall stores what a server-less hook spooled first, within its own bundle', () => {
    const payload = hookInput({
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'make link' },
      tool_response: { stdout: 'ld: undefined symbol vat_rate_table\n', stderr: '' },
      tool_use_id: 'toolu_spooled',
    });
    const hook = spawnSync(process.execPath, [path.join(root, 'bin/gardener-hook'), 'post-tool-use'], {
      input: payload,
      env: { ...process.env, ...env },
    });
    expect(hook.status).toBe(0);
    const trace = spawnSync(
      process.execPath,
      ['--import', TRACE, path.join(root, 'bin/gardener'), 'recall', 'vat_rate_table', '--project', home],
      { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env } },
    );
    expect(trace.status).toBe(0);
    expect(trace.stdout).toContain('undefined symbol vat_rate_table');
    // The engine came from the recall bundle's lazy chunk: no file of the CLI's bundle, no module
    // loaded on its own (one copy of each module in the process).
    const files = traced(trace.stderr).filter((url) => url.includes('/dist/'));
    expect(files.some((url) => /\/dist\/cli\/recall-run-[A-Z0-9]{8}\.js$/.test(url))).toBe(true);
    expect(files.filter((url) => !/\/dist\/cli\/(main|recall-[^/]+)\.js$/.test(url))).toEqual([]);
  });

  it('a prompt hook without a server counts with the prebuilt rank table, and loads no compressor package', () => {
    const prompt = 'Why does the vat check of batch 1612 fail? Look at vat_check ünïcödé 東京.';
    const loaded = modulesIn(
      loadedBy(['user-prompt-submit'], {
        bin: 'bin/gardener-hook',
        input: hookInput({ hook_event_name: 'UserPromptSubmit', prompt }),
        env,
      }),
    );
    expect(loaded.some((url) => url.endsWith('/dist/core/garden/garden.js'))).toBe(true);
    expect(loaded.filter((url) => ENGINE_ONLY_PACKAGES.test(url))).toEqual([]);
    // A prompt is never compressed: the engine is opened without the compressors' modules.
    expect(loaded.filter((url) => /\/dist\/core\/compress\/|\/hooks\/post-tool-use\.js$/.test(url))).toEqual(
      [],
    );
    // The count stored is cl100k's exact count, made from the prebuilt table.
    const db = new Database(path.join(home, 'gardener.db'), { readonly: true });
    const row = db
      .prepare(
        "SELECT tokens_original AS tokens FROM entries WHERE class = 'prompt' ORDER BY seq DESC LIMIT 1",
      )
      .get() as { tokens: number };
    db.close();
    expect(row.tokens).toBe(createTiktokenCounter().count(prompt));
  });

  it('a tool result stored in the hook process is stored with its summary (the compressors load there)', () => {
    const log = Array.from({ length: 400 }, (_, i) => `INFO step ${i} of job 9 ok (${i * 7} ms)`).join('\n');
    const loaded = modulesIn(
      loadedBy(['post-tool-use'], {
        bin: 'bin/gardener-hook',
        input: hookInput({
          hook_event_name: 'PostToolUse',
          tool_name: 'Bash',
          tool_input: { command: 'make job9' },
          tool_response: { stdout: log, stderr: '' },
          tool_use_id: 'toolu_in_process',
        }),
        env: { ...env, GARDENER_HOOK_SPOOL: '0' },
      }),
    );
    expect(loaded.some((url) => url.endsWith('/dist/core/compress/index.js'))).toBe(true);
    const db = new Database(path.join(home, 'gardener.db'), { readonly: true });
    const row = db
      .prepare(
        "SELECT tokens_original AS before, tokens_summary AS after FROM entries WHERE class = 'log' ORDER BY seq DESC LIMIT 1",
      )
      .get() as { before: number; after: number | null };
    db.close();
    expect(row.after).not.toBeNull();
    expect(row.after!).toBeLessThan(row.before);
  });

  it('a spooled tool result loads neither the store nor SQLite', () => {
    const loaded = modulesIn(
      loadedBy(['post-tool-use'], {
        bin: 'bin/gardener-hook',
        input: hookInput({
          hook_event_name: 'PostToolUse',
          tool_name: 'Bash',
          tool_input: { command: 'ls' },
          tool_response: { stdout: 'a\nb\n', stderr: '' },
          tool_use_id: 'toolu_lazy',
        }),
        env,
      }),
    );
    expect(loaded.some((url) => url.endsWith('/dist/doors/claude-code/hooks/spool.js'))).toBe(true);
    expect(loaded.filter((url) => /\/dist\/core\/compress\//.test(url))).toEqual([]);
    expect(loaded.filter((url) => /\/dist\/core\/store\/(open|store)\.js$|better.sqlite3/.test(url))).toEqual(
      [],
    );
  });
});
