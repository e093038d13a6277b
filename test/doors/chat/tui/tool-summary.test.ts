import { describe, expect, it } from 'vitest';
import type { ToolItem } from '../../../../src/doors/chat/tui/state/items.js';
import { resultSummary, shortInput } from '../../../../src/doors/chat/tui/tool-summary.js';

const tool = (over: Partial<ToolItem>): ToolItem => ({
  kind: 'tool',
  id: 1,
  callId: 'c',
  name: 'bash',
  input: {},
  status: 'ok',
  ...over,
});

describe('shortInput', () => {
  it('shows the most telling field: the command, the pattern before the path', () => {
    expect(shortInput({ command: 'npm test', timeout: 5 })).toBe('npm test');
    expect(shortInput({ pattern: 'ERROR', path: 'build.log' })).toBe('ERROR');
    expect(shortInput({ path: 'src/vat.ts', offset: 10 })).toBe('src/vat.ts');
  });

  it('falls back to compact JSON, cut with an ellipsis, and marks a multi-line value', () => {
    expect(shortInput({ a: 1 })).toBe('{"a":1}');
    expect(shortInput({ text: 'x'.repeat(100) }, 10)).toBe(`${'x'.repeat(9)}…`);
    expect(shortInput({ command: 'cd a\nmake' })).toBe('cd a …');
    expect(shortInput(undefined)).toBe('');
  });
});

describe('resultSummary', () => {
  it('gives lines and characters of an output, the first line of an error, or the state', () => {
    expect(resultSummary(tool({ output: 'a\nb' }))).toBe('2 lines, 3 chars');
    expect(resultSummary(tool({ output: '' }))).toBe('0 lines, 0 chars');
    expect(resultSummary(tool({ status: 'error', output: 'ENOENT\nstack' }))).toBe('error: ENOENT …');
    expect(resultSummary(tool({ status: 'running', approval: 'always' }))).toBe(
      'running (approved for this session)…',
    );
    expect(resultSummary(tool({ status: 'denied' }))).toBe('denied');
  });
});
