import { describe, expect, it } from 'vitest';
import {
  fieldName,
  LARGE_FIELD_CHARS,
  largeFields,
  replaceFields,
} from '../../../src/core/garden/ingest/tool-input.js';

describe('tool input fields', () => {
  const big = 'x'.repeat(LARGE_FIELD_CHARS);

  it('finds large string fields, nested ones included, and ignores small ones', () => {
    const input = { file_path: 'a.ts', content: big, edits: [{ old_string: 'a', new_string: big }] };
    expect(largeFields(input).map((f) => fieldName(f.path))).toEqual(['content', 'edits[0].new_string']);
  });

  it('replaces fields in a copy, keeping the object shape and the original intact', () => {
    const input = { file_path: 'a.ts', content: big, edits: [{ old_string: 'a', new_string: big }] };
    const out = replaceFields(input, [
      { path: ['content'], value: 'short' },
      { path: ['edits', 0, 'new_string'], value: 'n' },
    ]);
    expect(out).toEqual({
      file_path: 'a.ts',
      content: 'short',
      edits: [{ old_string: 'a', new_string: 'n' }],
    });
    expect(input.content).toBe(big);
    expect(input.edits[0]?.new_string).toBe(big);
  });
});
