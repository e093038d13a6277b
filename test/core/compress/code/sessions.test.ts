import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compressCode, topLevelDeclarationNames } from '../../../../src/core/compress/code/index.js';

const repoRoot = resolve(import.meta.dirname, '../../../..');
const sessions = resolve(repoRoot, '../shared/sessions');
const claudeDir = join(sessions, 'claude-code-log');
const present = existsSync(claudeDir);
/** Reads looked at: enough to cover Python and JavaScript, few enough to stay fast. */
const MAX_READS = 60;

interface Read {
  path: string;
  text: string;
}

/** Claude Code `Read` results of .py / .js / .ts files, in file order. */
function claudeReads(dir: string): Read[] {
  const reads: Read[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.jsonl')) collect(p);
    }
  };
  const collect = (file: string): void => {
    const pending = new Map<string, string>();
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.startsWith('{') || reads.length >= MAX_READS) continue;
      const content = (JSON.parse(line) as { message?: { content?: unknown } }).message?.content;
      if (!Array.isArray(content)) continue;
      for (const block of content as Record<string, unknown>[]) {
        const input = block['input'] as { file_path?: string } | undefined;
        if (
          block['type'] === 'tool_use' &&
          block['name'] === 'Read' &&
          /\.(py|js|ts)$/.test(input?.file_path ?? '')
        ) {
          pending.set(String(block['id']), input?.file_path ?? '');
        }
        const path = pending.get(String(block['tool_use_id']));
        if (block['type'] === 'tool_result' && path !== undefined && typeof block['content'] === 'string') {
          reads.push({ path, text: block['content'] });
        }
      }
    }
  };
  walk(dir);
  return reads;
}

describe.skipIf(!present)('compressCode on recorded Claude Code reads', () => {
  const reads = present ? claudeReads(claudeDir) : [];

  it('keeps every top-level declaration name and the line numbers of what it keeps', () => {
    expect(reads.length).toBeGreaterThan(10);
    for (const read of reads) {
      const summary = compressCode(read.text, { path: read.path });
      for (const name of topLevelDeclarationNames(read.text, read.path))
        expect(summary.text, read.path).toContain(name);
      // Every numbered line starts with the original line of that number (rows joined onto it may follow).
      const original = new Map<number, string>();
      for (const line of read.text.split('\n')) {
        const m = /^ *(\d+)→(.*)$/.exec(line);
        if (m) original.set(Number(m[1]), m[2] ?? '');
      }
      for (const line of summary.text.split('\n')) {
        const m = /^(\d+)→(.*)$/.exec(line);
        if (!m) continue;
        const source = original.get(Number(m[1]));
        expect(source, line).toBeDefined();
        expect((m[2] ?? '').startsWith((source ?? '').trimEnd().replace(/,$/, '')), line).toBe(true);
      }
    }
  });

  it('shrinks the reads to well under half their size', () => {
    let before = 0;
    let after = 0;
    for (const read of reads) {
      before += read.text.length;
      after += compressCode(read.text, { path: read.path }).text.length;
    }
    expect(after / before).toBeLessThan(0.4);
  });
});

if (!present)
  describe('compressCode on recorded sessions', () => it.skip(`sessions not found at ${sessions}`, () => {}));
