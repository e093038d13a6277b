import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INJECT_BEGIN, INJECT_END } from '../../../../src/core/transcript/strip.js';
import { loadIndex } from '../../../../src/doors/claude-code/hooks/session-index.js';
import { defaultTokenizer } from '../../../../src/core/tokens/tokenizer.js';
import { bashResult, bigLog, hookWorld, SESSION, type HookWorld } from './support.js';

let world: HookWorld;
beforeEach(() => {
  world = hookWorld();
});
afterEach(() => world.cleanup());

describe('post-tool-use', () => {
  it('stores a long tool result as it happens and sends the model its summary with the way back', async () => {
    const log = bigLog(400, 'FATAL checksum mismatch in shard 7');
    const payload = bashResult('toolu_1', 'npm run migrate', log);
    const response = payload['tool_response'] as Record<string, unknown>;
    response['persistedOutputPath'] = '/tmp/claude/out.txt';
    const out = await world.hook('post-tool-use', payload);
    const store = world.open();
    const scope = { project: world.project, session: SESSION };
    const index = loadIndex(store, scope);
    expect(index.items).toHaveLength(1);
    const entry = store.fetch(index.items[0]!.id)!;
    expect(entry.original).toBe(log);
    expect(entry.class).toBe('log');
    expect(entry.sourceTool).toBe('Bash');
    expect(entry.tokensSummary).toBeLessThan(entry.tokensOriginal / 4);
    expect(index.items[0]).toMatchObject({ command: 'npm run migrate', error: false });
    store.close();
    // The tool's own shape, its text replaced: Claude Code keeps the original when the shape differs.
    const printed = JSON.parse(out) as {
      hookSpecificOutput: { hookEventName: string; updatedToolOutput: Record<string, unknown> };
    };
    expect(printed.hookSpecificOutput.hookEventName).toBe('PostToolUse');
    const updated = printed.hookSpecificOutput.updatedToolOutput;
    expect(updated).toMatchObject({
      stderr: '',
      interrupted: false,
      isImage: false,
      noOutputExpected: false,
    });
    expect(updated).not.toHaveProperty('persistedOutputPath');
    const stdout = String(updated['stdout']);
    expect(stdout).toMatch(/^\[gardener: log summary [\d,]+→[\d,]+ tok · mcp__gardener__fetch\("/);
    expect(stdout).toContain(`fetch("${entry.id}"`);
    expect(stdout).toContain('FATAL checksum mismatch in shard 7');
    expect(defaultTokenizer().count(stdout)).toBeLessThan(entry.tokensOriginal / 4);
  });

  it('prints nothing for a short tool result, and never replaces a Read (the file the model works on)', async () => {
    expect(await world.hook('post-tool-use', bashResult('toolu_s', 'ls', 'a.txt\nb.txt'))).toBe('');
    const content = bigLog(400, 'def checksum(shard): ...');
    const read = await world.hook('post-tool-use', {
      tool_name: 'Read',
      tool_input: { file_path: `${world.project}/app.log` },
      tool_response: {
        type: 'text',
        file: { filePath: `${world.project}/app.log`, content, numLines: 401, startLine: 1, totalLines: 401 },
      },
      tool_use_id: 'toolu_r',
    });
    expect(read).toBe('');
    const store = world.open();
    const items = loadIndex(store, { project: world.project, session: SESSION }).items;
    expect(items.map((i) => store.fetch(i.id)?.original)).toContain(content);
    store.close();
  });

  it("stores an Edit as the model reads it (the sentence and the change), not the file's old content", async () => {
    const originalFile = bigLog(2_000, 'export const rate = 0.19;');
    await world.hook('post-tool-use', {
      tool_name: 'Edit',
      tool_input: {
        file_path: `${world.project}/vat.ts`,
        old_string: 'rate = 0.19',
        new_string: 'rate = 0.2',
      },
      tool_response: {
        filePath: `${world.project}/vat.ts`,
        oldString: 'rate = 0.19',
        newString: 'rate = 0.2',
        originalFile,
        structuredPatch: [
          {
            oldStart: 7,
            oldLines: 1,
            newStart: 7,
            newLines: 1,
            lines: ['-export const rate = 0.19;', '+export const rate = 0.2;'],
          },
        ],
        userModified: false,
        replaceAll: false,
      },
      tool_use_id: 'toolu_e',
    });
    const store = world.open();
    const items = loadIndex(store, { project: world.project, session: SESSION }).items;
    const originals = items.map((i) => store.fetch(i.id)?.original ?? '');
    expect(originals).toContain(
      `The file ${world.project}/vat.ts has been updated successfully.\n@@ -7,1 +7,1 @@\n-export const rate = 0.19;\n+export const rate = 0.2;`,
    );
    expect(originals.some((o) => o.includes('INFO worker-'))).toBe(false);
    store.close();
  });

  it("replaces an MCP tool's long text with its summary, and a Grep's content in its own shape", async () => {
    const log = bigLog(400, 'ERROR quota exceeded for tenant 41');
    const mcp = await world.hook('post-tool-use', {
      tool_name: 'mcp__logs__tail',
      tool_input: { service: 'billing' },
      tool_response: [{ type: 'text', text: log }],
      tool_use_id: 'toolu_m',
    });
    const parts = (
      JSON.parse(mcp) as { hookSpecificOutput: { updatedToolOutput: Array<{ type: string; text: string }> } }
    ).hookSpecificOutput.updatedToolOutput;
    expect(parts).toHaveLength(1);
    expect(parts[0]!.text).toContain('ERROR quota exceeded for tenant 41');
    expect(parts[0]!.text.length).toBeLessThan(log.length / 4);
    const grep = await world.hook('post-tool-use', {
      tool_name: 'Grep',
      tool_input: { pattern: 'worker', output_mode: 'content' },
      tool_response: {
        mode: 'content',
        numFiles: 1,
        filenames: [],
        content: log.replace('tenant 41', 'tenant 42'),
        numLines: 401,
      },
      tool_use_id: 'toolu_g',
    });
    const updated = (
      JSON.parse(grep) as { hookSpecificOutput: { updatedToolOutput: Record<string, unknown> } }
    ).hookSpecificOutput.updatedToolOutput;
    expect(updated).toMatchObject({ mode: 'content', numFiles: 1, filenames: [] });
    expect(String(updated['content'])).toContain('tenant 42');
    expect(updated['numLines']).toBe(String(updated['content']).split('\n').length);
  });

  it('redacts secrets before storing', async () => {
    const key = 'sk-ant-api03-' + 'a'.repeat(90);
    await world.hook(
      'post-tool-use',
      bashResult('toolu_2', 'env', `ANTHROPIC_API_KEY=${key}\nPATH=/usr/bin`),
    );
    const store = world.open();
    const item = loadIndex(store, { project: world.project, session: SESSION }).items[0]!;
    const entry = store.fetch(item.id)!;
    expect(entry.original).not.toContain(key);
    expect(entry.redactions).toBeGreaterThan(0);
    store.close();
  });

  it('stores a failed tool call as an error (post-tool-use-failure)', async () => {
    await world.hook('post-tool-use-failure', {
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Bash',
      tool_input: { command: 'npm test' },
      tool_use_id: 'toolu_3',
      error: 'Error: 3 tests failed\n  at vat.test.ts:12',
    });
    const store = world.open();
    const item = loadIndex(store, { project: world.project, session: SESSION }).items[0]!;
    expect(item.error).toBe(true);
    store.close();
  });

  it('never fails the session: bad input prints nothing, exits 0 and is logged', async () => {
    expect(await world.hook('post-tool-use', { session_id: 42 })).toBe('');
    const log = readFileSync(path.join(world.home, 'gardener.log'), 'utf8');
    expect(log).toContain('hook post-tool-use');
    expect(log).toContain('session_id');
  });

  it('an unknown event prints nothing and is logged', async () => {
    expect(await world.hook('post-tool-vanish', {})).toBe('');
    expect(readFileSync(path.join(world.home, 'gardener.log'), 'utf8')).toContain('unknown hook event');
  });
});

describe('user-prompt-submit', () => {
  it('stores the prompt as class prompt and says nothing while everything is still in context', async () => {
    await world.hook(
      'post-tool-use',
      bashResult('toolu_1', 'make', bigLog(200, 'linker error: undefined symbol vat_rate')),
    );
    const out = await world.hook('user-prompt-submit', { prompt: 'why does the linker fail on vat_rate?' });
    expect(out).toBe('');
    const store = world.open();
    const items = loadIndex(store, { project: world.project, session: SESSION }).items;
    expect(items.map((i) => i.cls)).toEqual(['log', 'prompt']);
    store.close();
  });

  it('after a compaction, recalls the earlier result for the prompt, inside markers and under the cap', async () => {
    await world.hook(
      'post-tool-use',
      bashResult('toolu_1', 'make', bigLog(200, 'linker error: undefined symbol vat_rate')),
    );
    await world.hook('pre-compact', { trigger: 'auto', custom_instructions: null });
    await world.hook('post-tool-use', bashResult('toolu_2', 'ls', 'a.c\nb.c'));
    const out = await world.hook('user-prompt-submit', { prompt: 'why does the linker fail on vat_rate?' });
    const parsed = JSON.parse(out) as {
      hookSpecificOutput: { hookEventName: string; additionalContext: string };
    };
    expect(parsed.hookSpecificOutput.hookEventName).toBe('UserPromptSubmit');
    const context = parsed.hookSpecificOutput.additionalContext;
    expect(context.startsWith(INJECT_BEGIN)).toBe(true);
    expect(context.endsWith(INJECT_END)).toBe(true);
    expect(context).toContain('undefined symbol vat_rate');
    expect(context).toContain('mcp__gardener__recall');
    expect(defaultTokenizer().count(context)).toBeLessThanOrEqual(800);
  });

  it('always carries the notes (the cheap layer), even for a prompt with no signal', async () => {
    const store = world.open();
    store.note({ project: world.project, session: 'earlier' }, 'Prices are stored in cents, never floats');
    store.close();
    const out = await world.hook('user-prompt-submit', { prompt: 'continue' });
    expect(out).toContain('Prices are stored in cents');
  });

  it('names the plugin tools when run as a plugin', async () => {
    const store = world.open();
    store.note({ project: world.project, session: 'earlier' }, 'Use pnpm, not npm');
    store.close();
    await world.hook('post-tool-use', bashResult('toolu_1', 'make', bigLog(200, 'x')));
    await world.hook('pre-compact', { trigger: 'manual' });
    const out = await world.hook(
      'user-prompt-submit',
      { prompt: 'go on' },
      { CLAUDE_PLUGIN_ROOT: '/plugins/gardener' },
    );
    expect(out).toContain('mcp__plugin_gardener_gardener__recall');
  });
});

describe('pre-compact and session-start', () => {
  it('pre-compact prints the curated state as plain text: open errors, files, notes, largest ids', async () => {
    await world.hook('post-tool-use', {
      tool_name: 'Edit',
      tool_input: { file_path: 'src/vat.ts', old_string: 'a', new_string: 'b' },
      tool_response: { filePath: 'src/vat.ts' },
      tool_use_id: 'toolu_e',
    });
    await world.hook('post-tool-use-failure', {
      tool_name: 'Bash',
      tool_input: { command: 'npm test' },
      tool_use_id: 'toolu_t1',
      error: 'FAIL test/vat.test.ts › rounds half up',
    });
    await world.hook('post-tool-use', bashResult('toolu_l', 'cat big.log', bigLog(300, 'x')));
    await world.hook('post-tool-use', bashResult('toolu_ok', 'npm run lint', 'ok'));
    const store = world.open();
    store.note(
      { project: world.project, session: SESSION },
      'Decided: round half up, per the tax office rule',
    );
    const big = loadIndex(store, { project: world.project, session: SESSION }).items.find(
      (i) => i.command === 'cat big.log',
    )!;
    store.close();

    const out = await world.hook('pre-compact', { trigger: 'manual', custom_instructions: null });
    expect(out).not.toMatch(/^\{/);
    expect(out).toContain('Open errors');
    expect(out).toContain('npm test');
    expect(out).not.toMatch(/Open errors[^\n]*\n(- [^\n]*\n)*- [^\n]*npm run lint/);
    expect(out).toContain('Files changed: src/vat.ts');
    expect(out).toContain('round half up');
    expect(out).toContain(`id=${big.id}`);
  });

  it('a failed command later run again successfully is no longer an open error', async () => {
    await world.hook('post-tool-use-failure', {
      tool_name: 'Bash',
      tool_input: { command: 'npm test' },
      tool_use_id: 't1',
      error: 'FAIL',
    });
    await world.hook('post-tool-use', bashResult('t2', 'npm test', 'all 12 tests passed'));
    expect(await world.hook('pre-compact', { trigger: 'auto' })).not.toContain('Open errors');
  });

  it('session-start after a compaction re-injects notes and the index inside markers', async () => {
    await world.hook('post-tool-use', bashResult('toolu_l', 'cat big.log', bigLog(300, 'x')));
    const store = world.open();
    store.note({ project: world.project, session: SESSION }, 'The staging database is read-only');
    store.close();
    const out = await world.hook('session-start', { source: 'compact' });
    const context = (
      JSON.parse(out) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } }
    ).hookSpecificOutput;
    expect(context.hookEventName).toBe('SessionStart');
    expect(context.additionalContext).toContain(INJECT_BEGIN);
    expect(context.additionalContext).toContain('The staging database is read-only');
    expect(context.additionalContext).toContain('cat big.log');
  });

  it('session-start of a new project with nothing stored prints nothing', async () => {
    expect(await world.hook('session-start', { source: 'startup' })).toBe('');
  });
});

describe('own tools', () => {
  it("does not store results of gardener's own MCP tools again", async () => {
    for (const name of ['mcp__gardener__recall', 'mcp__plugin_gardener_gardener__fetch'])
      await world.hook('post-tool-use', {
        tool_name: name,
        tool_input: { query: 'x' },
        tool_response: [{ type: 'text', text: 'recalled' }],
        tool_use_id: name,
      });
    const store = world.open();
    expect(loadIndex(store, { project: world.project, session: SESSION }).items).toHaveLength(0);
    store.close();
  });
});

describe('without a server', () => {
  it('a tool result is spooled (the hook loads no engine) and stored by the next hook that answers', async () => {
    const spooling = { GARDENER_HOOK_SPOOL: '1' };
    await world.hook(
      'post-tool-use',
      bashResult('toolu_s', 'make', bigLog(12, 'linker error: undefined symbol vat_rate')),
      spooling,
    );
    const before = world.open();
    expect(loadIndex(before, { project: world.project, session: SESSION }).items).toHaveLength(0);
    before.close();
    const out = await world.hook('pre-compact', { trigger: 'auto' }, spooling);
    expect(out).toContain('make');
    const after = world.open();
    const items = loadIndex(after, { project: world.project, session: SESSION }).items;
    expect(items).toHaveLength(1);
    expect(after.fetch(items[0]!.id)?.original).toContain('undefined symbol vat_rate');
    after.close();
  });
});

describe('media', () => {
  // A 1×1 PNG.
  const PNG =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

  it('stores a Read of an image as a media entry, not as base64 text', async () => {
    await world.hook('post-tool-use', {
      tool_name: 'Read',
      tool_input: { file_path: '/work/shop/logo.png' },
      tool_response: { type: 'image', file: { base64: PNG, type: 'image/png', originalSize: 70 } },
      tool_use_id: 'toolu_img',
    });
    const store = world.open();
    const items = loadIndex(store, { project: world.project, session: SESSION }).items;
    expect(items).toHaveLength(1);
    const entry = store.fetch(items[0]!.id)!;
    expect(entry.kind).toBe('media');
    expect(JSON.parse(entry.original)).toMatchObject({
      type: 'image',
      source: { media_type: 'image/png', data: PNG },
    });
    store.close();
  });
});
