import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportTranscripts } from '../../../src/core/transcript/export.js';
import { anthropicImporter } from '../../../src/core/transcript/formats/anthropic.js';
import { claudeCodeImporter } from '../../../src/core/transcript/formats/claude-code.js';
import { openaiImporter } from '../../../src/core/transcript/formats/openai.js';
import { toRequest, type Transcript } from '../../../src/core/transcript/types.js';
import { fixture } from './fixtures.js';

const session = claudeCodeImporter.parse(fixture('cc-session.jsonl'), { source: 'cc-session.jsonl' });
const interrupted = claudeCodeImporter.parse(fixture('cc-interrupted.jsonl'));
const openai = openaiImporter.parse(fixture('openai-chat.json'));

/** What survives a round trip: everything but the importer name and where it was read from. */
function content(t: Transcript): Partial<Transcript> {
  const rest: Partial<Transcript> = { ...t };
  delete rest.format;
  delete rest.source;
  return rest;
}

describe('exportTranscripts', () => {
  it('anthropic: one request body for one transcript, 2-space indented, that re-imports equal', () => {
    const out = exportTranscripts(session, 'anthropic');
    expect(out.startsWith('{\n  "messages": [')).toBe(true);
    const [back] = anthropicImporter.parse(out);
    expect(toRequest(back!)).toEqual(toRequest(session[0]!));
  });

  it('anthropic: an array of request bodies for several, each re-importing equal (system, tools, extra)', () => {
    const all = [...interrupted, ...openai];
    const back = anthropicImporter.parse(exportTranscripts(all, 'anthropic'));
    expect(back.map(toRequest)).toEqual(all.map(toRequest));
  });

  it('jsonl: a header line then one message per line, re-importing to equal transcripts', () => {
    const all = [...session, ...interrupted, ...openai];
    const out = exportTranscripts(all, 'jsonl');
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(all.reduce((n, t) => n + 1 + t.messages.length, 0));
    expect(JSON.parse(lines[0]!)).toMatchObject({
      transcript: { id: 'sess-1', format: 'claude-code', title: 'Fix the flaky date test' },
    });
    expect(JSON.parse(lines[0]!).transcript.source).toBeUndefined();
    const back = anthropicImporter.parse(out);
    expect(back.map(content)).toEqual(all.map(content));
  });

  it('text: role headers, tool calls as arrows, results indented, images and thinking as placeholders', () => {
    const out = exportTranscripts(session, 'text');
    expect(out).toContain('=== sess-1 (claude-code, 6 messages) — Fix the flaky date test');
    expect(out).toContain(
      '--- assistant\n[thinking, 30 chars]\nLet me read the test and run it.\n→ Read({"file_path":"/repo/test/date.test.ts"})',
    );
    expect(out).toContain('← Bash result (error):\n    FAIL test/date.test.ts\n      Expected:');
    expect(out).toMatch(/\[image image\/png, 0\.1 KB\]/);
    expect(exportTranscripts(openai, 'text')).toContain(
      '--- system\nYou are a coding agent.\n\n--- tools: bash, read_file',
    );
  });
});

const textArb = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '');
const transcriptArb: fc.Arbitrary<Transcript> = fc
  .record({
    id: fc.string({ minLength: 1, maxLength: 8 }),
    turns: fc.array(fc.tuple(textArb, textArb), { minLength: 1, maxLength: 5 }),
    system: fc.option(textArb, { nil: undefined }),
    title: fc.option(textArb, { nil: undefined }),
  })
  .map(({ id, turns, system, title }) => {
    const t: Transcript = {
      id,
      format: 'anthropic',
      messages: turns.flatMap(([u, a]) => [
        { role: 'user' as const, content: u },
        { role: 'assistant' as const, content: [{ type: 'text' as const, text: a }] },
      ]),
    };
    if (system !== undefined) t.system = system;
    if (title !== undefined) t.title = title;
    return t;
  });

describe('exportTranscripts (properties)', () => {
  it('jsonl and anthropic exports round-trip any transcripts', () => {
    fc.assert(
      fc.property(fc.array(transcriptArb, { minLength: 1, maxLength: 3 }), (ts) => {
        expect(anthropicImporter.parse(exportTranscripts(ts, 'jsonl')).map(content)).toEqual(ts.map(content));
        expect(anthropicImporter.parse(exportTranscripts(ts, 'anthropic')).map(toRequest)).toEqual(
          ts.map(toRequest),
        );
      }),
      { numRuns: 200 },
    );
  });
});
