import { describe, expect, it } from 'vitest';
import { validate } from '../../../src/core/transcript/validate.js';

const toolUse = (id: string) => ({ type: 'tool_use', id, name: 'Bash', input: { command: 'ls' } });
const toolResult = (id: string) => ({ type: 'tool_result', tool_use_id: id, content: 'a.ts' });

describe('validate', () => {
  it('accepts a well-formed exchange with a tool pair', () => {
    const result = validate({
      system: 'be brief',
      messages: [
        { role: 'user', content: 'list files' },
        { role: 'assistant', content: [{ type: 'text', text: 'Listing.' }, toolUse('t1')] },
        { role: 'user', content: [toolResult('t1')] },
        { role: 'assistant', content: 'Done.' },
      ],
    });
    expect(result.issues).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('rejects an orphan tool_result', () => {
    const result = validate({
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
        { role: 'user', content: [toolResult('t9')] },
      ],
    });
    expect(result.ok).toBe(false);
    expect(result.issues[0]?.path).toBe('messages.2.content.0');
  });

  it('rejects a tool_use left unanswered by the next message', () => {
    const result = validate({
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: [toolUse('a'), toolUse('b')] },
        { role: 'user', content: [toolResult('a')] },
      ],
    });
    expect(result.ok).toBe(false);
    expect(result.issues.map((i) => i.message).join()).toMatch(/tool_use b/);
  });

  it('allows an unanswered tool_use in the final assistant message', () => {
    const result = validate({
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: [toolUse('a')] },
      ],
    });
    expect(result.ok).toBe(true);
  });

  it('rejects empty text blocks and empty content', () => {
    const result = validate({
      messages: [
        { role: 'user', content: [{ type: 'text', text: '' }] },
        { role: 'assistant', content: '' },
        { role: 'user', content: 'x' },
      ],
    });
    expect(result.issues.map((i) => i.path)).toEqual(['messages.0.content.0.text', 'messages.1.content']);
  });

  it('rejects blocks in the wrong role and duplicate tool_use ids', () => {
    const result = validate({
      messages: [
        { role: 'user', content: [{ type: 'thinking', thinking: 'hm', signature: 's' }] },
        { role: 'assistant', content: [toolUse('x')] },
        { role: 'user', content: [toolResult('x')] },
        { role: 'assistant', content: [toolUse('x')] },
      ],
    });
    const messages = result.issues.map((i) => i.message);
    expect(messages.some((m) => m.includes('only allowed in assistant'))).toBe(true);
    expect(messages.some((m) => m.includes('duplicate tool_use id x'))).toBe(true);
  });

  it('rejects unknown roles and malformed system/tools, but passes unknown block types', () => {
    const result = validate({
      system: [{ type: 'image' }],
      tools: [{ name: 'a' }, { name: 'a' }],
      messages: [
        { role: 'system', content: 'x' },
        { role: 'user', content: [{ type: 'future_block', payload: 1 }] },
      ],
    });
    expect(result.issues.map((i) => i.path)).toEqual(['system.0', 'tools.1.name', 'messages.0.role']);
  });

  it('rejects a non-object request', () => {
    expect(validate(null).ok).toBe(false);
    expect(validate({ messages: [] }).issues[0]?.message).toMatch(/must not be empty/);
  });
});
