import { describe, expect, it } from 'vitest';
import { aiderImporter } from '../../../../src/core/transcript/formats/aider.js';
import { caught, expectValid, fixture } from '../fixtures.js';

const texts = (content: unknown) => (content as Array<{ text: string }>).map((b) => b.text);

describe('aider importer', () => {
  const ts = aiderImporter.parse(fixture('aider.chat.history.md'), { source: 'aider.chat.history.md' });
  const t = ts[0]!;

  it('splits sessions on their header and skips sessions that hold only the start-up banner', () => {
    expect(ts).toHaveLength(1);
    expect(t).toMatchObject({
      id: 'aider.chat.history#1',
      title: 'make greet() say goodbye',
      meta: { startedAt: '2024-09-01 10:05:00', model: 'claude-3-5-sonnet-20240620' },
    });
    expectValid(t);
  });

  it('reads #### lines as the user and > lines as tool output, without the two-space line breaks', () => {
    expect(t.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(texts(t.messages[0]!.content)).toEqual([
      '/usr/bin/aider app.py\nAider v0.50.0\nModels: claude-3-5-sonnet-20240620 with diff edit format, weak model claude-3-haiku-20240307\nAdded app.py to the chat.',
      'make greet() say goodbye\n\nand add a docstring',
    ]);
    expect(texts(t.messages[2]!.content)).toEqual([
      'Tokens: 1,200 sent, 80 received.\nApplied edit to app.py',
      '/run python -c "import app; print(app.greet())"',
      'goodbye\nAdd the output to the chat? (Y)es/(n)o [Yes]: y',
    ]);
  });

  it('keeps > and #### lines inside a fenced reply in the reply', () => {
    const reply = t.messages[1]!.content as string;
    expect(reply).toContain('> this quoted line is code, not aider output\n#### neither is this heading');
    expect(reply.endsWith('>>>>>>> REPLACE\n```')).toBe(true);
  });

  it('ends a fence left open by a cut-off reply where aider writes again', () => {
    expect(t.messages[3]!.content).toBe(
      'Good, it prints goodbye.\n\n```python\ndef broken(\n```python\nstill inside the unclosed block',
    );
    expect(texts(t.messages[4]!.content)).toEqual(['The LLM did not conform to the edit format.', 'thanks']);
  });

  it('reads only the chat-transcript blocks of a website page, as one session titled by its heading', () => {
    const page =
      '---\nparent: x\n---\n\n# Hello aider!\n\nIntro prose.\n\n<div class="chat-transcript" markdown="1">\n\n#### change hello to goodbye\n\nChanged.\n\n> Applied edit to hello.py  \n</div>\n\nMore prose.\n';
    const [w] = aiderImporter.parse(page, { source: 'hello.md' });
    expect(w).toMatchObject({ id: 'hello#1', title: 'Hello aider!' });
    expect(w!.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'change hello to goodbye' }] },
      { role: 'assistant', content: 'Changed.' },
      { role: 'user', content: [{ type: 'text', text: 'Applied edit to hello.py' }] },
    ]);
  });

  it('sniffs the session header, and refuses a file with no chat', () => {
    expect(aiderImporter.sniff(fixture('aider.chat.history.md'))).toBeGreaterThan(0.9);
    expect(aiderImporter.sniff('{"a": 1}')).toBe(0);
    expect(
      caught(() =>
        aiderImporter.parse('# aider chat started at 2024-01-01\n\n> banner  \n', { source: 'h.md' }),
      ).message,
    ).toMatch(/^h\.md: no aider chat found/);
  });
});
