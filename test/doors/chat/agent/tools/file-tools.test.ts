import { readFileSync, writeFileSync, symlinkSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editTool } from '../../../../../src/doors/chat/agent/tools/edit.js';
import { globTool } from '../../../../../src/doors/chat/agent/tools/glob.js';
import { grepJs, grepTool } from '../../../../../src/doors/chat/agent/tools/grep.js';
import { readTool } from '../../../../../src/doors/chat/agent/tools/read.js';
import { runTool } from '../../../../../src/doors/chat/agent/tools/registry.js';
import { writeTool } from '../../../../../src/doors/chat/agent/tools/write.js';
import type { ToolContext } from '../../../../../src/doors/chat/agent/tools/types.js';
import { sandbox, toolContext } from '../support.js';

let box: ReturnType<typeof sandbox>;
let context: ToolContext;
let close: () => void;

beforeEach(() => {
  box = sandbox();
  const made = toolContext(box.cwd, box.dbPath);
  context = made.context;
  close = () => made.store.close();
});
afterEach(() => {
  close();
  box.cleanup();
});

describe('read', () => {
  it('numbers lines and pages with offset and limit', async () => {
    writeFileSync(join(box.cwd, 'a.txt'), 'one\ntwo\nthree\nfour\n');
    const all = await runTool(readTool, { path: 'a.txt' }, context);
    expect(all.output).toBe('     1\tone\n     2\ttwo\n     3\tthree\n     4\tfour');
    const page = await runTool(readTool, { path: 'a.txt', offset: 2, limit: 2 }, context);
    expect(page.output).toContain('     2\ttwo\n     3\tthree');
    expect(page.output).toContain('read on with offset 4');
  });

  it('refuses paths outside the working directory, symlinks included', async () => {
    const outside = await runTool(readTool, { path: '../gardener.db' }, context);
    expect(outside.isError).toBe(true);
    expect(outside.output).toMatch(/outside the working directory/);
    symlinkSync(join(box.cwd, '..'), join(box.cwd, 'up'));
    const viaLink = await runTool(readTool, { path: 'up/gardener.db' }, context);
    expect(viaLink.isError).toBe(true);
    expect(viaLink.output).toMatch(/outside the working directory/);
  });
});

describe('write and edit', () => {
  it('writes a new file and shows a diff', async () => {
    const result = await runTool(writeTool, { path: 'src/new.py', content: 'x = 1\n' }, context);
    expect(result.isError).toBe(false);
    expect(readFileSync(join(box.cwd, 'src/new.py'), 'utf8')).toBe('x = 1\n');
    expect(result.display).toContain('+x = 1');
  });

  it('replaces text that occurs once and refuses an ambiguous match', async () => {
    writeFileSync(join(box.cwd, 'f.py'), 'a = 1\nb = 1\n');
    const ambiguous = await runTool(
      editTool,
      { path: 'f.py', old_string: '= 1', new_string: '= 2' },
      context,
    );
    expect(ambiguous.isError).toBe(true);
    expect(ambiguous.output).toMatch(/occurs 2 times/);
    const once = await runTool(editTool, { path: 'f.py', old_string: 'b = 1', new_string: 'b = 2' }, context);
    expect(once.isError).toBe(false);
    expect(once.display).toContain('-b = 1');
    expect(once.display).toContain('+b = 2');
    expect(readFileSync(join(box.cwd, 'f.py'), 'utf8')).toBe('a = 1\nb = 2\n');
    const all = await runTool(
      editTool,
      { path: 'f.py', old_string: ' = ', new_string: '=', replace_all: true },
      context,
    );
    expect(all.output).toMatch(/2 replacements/);
    expect(readFileSync(join(box.cwd, 'f.py'), 'utf8')).toBe('a=1\nb=2\n');
  });

  it('previews an edit as a diff without writing', async () => {
    writeFileSync(join(box.cwd, 'g.txt'), 'hello\n');
    const preview = await editTool.preview(
      { path: 'g.txt', old_string: 'hello', new_string: 'bye' },
      context,
    );
    expect(preview.diff).toContain('+bye');
    expect(readFileSync(join(box.cwd, 'g.txt'), 'utf8')).toBe('hello\n');
  });
});

describe('grep and glob', () => {
  beforeEach(() => {
    mkdirSync(join(box.cwd, 'src'));
    mkdirSync(join(box.cwd, 'node_modules'));
    writeFileSync(join(box.cwd, 'src/a.ts'), 'export const vatRate = 0.2;\n');
    writeFileSync(join(box.cwd, 'src/b.py'), 'VAT_RATE = 0.2\n');
    writeFileSync(join(box.cwd, 'node_modules/x.ts'), 'vatRate\n');
  });

  it('finds lines by regex, skipping node_modules', async () => {
    const found = await grepJs(box.cwd, false, { pattern: 'vat_?rate', ignore_case: true }, box.cwd);
    expect(found.matches.map((m) => `${m.file}:${m.line}`)).toEqual(['src/a.ts:1', 'src/b.py:1']);
    const typed = await runTool(grepTool, { pattern: 'VAT', glob: '*.py' }, context);
    expect(typed.output).toBe('src/b.py:1:VAT_RATE = 0.2');
  });

  it('lists files by pattern', async () => {
    const result = await runTool(globTool, { pattern: '**/*.ts' }, context);
    expect(result.output).toBe('src/a.ts');
  });
});
