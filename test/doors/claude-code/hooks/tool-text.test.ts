import { describe, expect, it } from 'vitest';
import { responseText } from '../../../../src/doors/claude-code/hooks/tool-text.js';

describe('responseText: the tool result the model saw, from Claude Code tool_response shapes', () => {
  it('Bash: stdout then stderr; an interruption is said', () => {
    expect(responseText({ stdout: 'built', stderr: 'warning: x', interrupted: false })).toBe(
      'built\nwarning: x',
    );
    expect(responseText({ stdout: 'partial', stderr: '', interrupted: true })).toBe('partial\n[interrupted]');
  });
  it('Read: the file content', () => {
    expect(responseText({ type: 'text', file: { filePath: 'a.ts', content: 'export const a = 1;\n' } })).toBe(
      'export const a = 1;\n',
    );
  });
  it('Glob: the file names, one per line', () => {
    expect(responseText({ filenames: ['a.ts', 'b.ts'], numFiles: 2 })).toBe('a.ts\nb.ts');
  });
  it('MCP tools: text parts joined', () => {
    expect(
      responseText([
        { type: 'text', text: 'one' },
        { type: 'text', text: 'two' },
      ]),
    ).toBe('one\ntwo');
  });
  it('strings as they are; unknown shapes whole, as JSON', () => {
    expect(responseText('plain')).toBe('plain');
    expect(JSON.parse(responseText({ weird: [1, 2] }))).toEqual({ weird: [1, 2] });
    expect(responseText(undefined)).toBe('');
  });
});

describe('responseMedia: media a tool returned, as blocks', () => {
  it('Read of a PDF becomes a document block; Bash isImage output an image block', async () => {
    const { responseMedia } = await import('../../../../src/doors/claude-code/hooks/tool-media.js');
    expect(
      responseMedia({ type: 'pdf', file: { filePath: 'a.pdf', base64: 'JVBERi0=', originalSize: 5 } }),
    ).toEqual([
      { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' } },
    ]);
    expect(
      responseMedia({
        stdout: 'data:image/png;base64,iVBORw0=',
        stderr: '',
        interrupted: false,
        isImage: true,
      }),
    ).toEqual([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0=' } }]);
    expect(responseMedia({ stdout: 'plain', stderr: '', interrupted: false })).toBeUndefined();
    expect(responseMedia([{ type: 'text', text: 'only text' }])).toBeUndefined();
  });
});
