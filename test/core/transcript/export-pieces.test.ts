import { describe, expect, it } from 'vitest';
import { exportPieces } from '../../../src/core/transcript/export.js';
import { toRequest, type Transcript } from '../../../src/core/transcript/types.js';

const transcript = (id: string, over: Partial<Transcript> = {}): Transcript => ({
  id,
  format: 'anthropic',
  messages: [
    { role: 'user', content: 'line one\nline two "quoted" \u2028 tab\t' },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'nested {"json": [1, 2]}' },
        { type: 'tool_use', id: `t-${id}`, name: 'Bash', input: { command: 'ls', deep: { a: [], b: {} } } },
      ],
    },
  ],
  ...over,
});

/** What the output was before it came in pieces: one JSON.stringify of the body or bodies. */
const whole = (transcripts: Transcript[]): string => {
  const bodies = transcripts.map(toRequest);
  return `${JSON.stringify(bodies.length === 1 ? bodies[0] : bodies, null, 2)}\n`;
};

describe('exportPieces (anthropic)', () => {
  const cases: Array<[string, Transcript[]]> = [
    ['one body', [transcript('a')]],
    [
      'one body with system, tools and other fields',
      [
        transcript('a', {
          system: [{ type: 'text', text: 'be brief' }],
          tools: [{ name: 'Bash', input_schema: { type: 'object' } }],
          extra: { model: 'm', max_tokens: 5, metadata: { user_id: 'u' } },
        }),
      ],
    ],
    [
      'fields whose keys come after messages in extra',
      [transcript('a', { extra: { messages: 'shadowed', temperature: 0, system: 'x' }, system: 'real' })],
    ],
    ['no messages', [transcript('a', { messages: [] })]],
    [
      'several bodies',
      [transcript('a'), transcript('b', { messages: [] }), transcript('c', { system: 's' })],
    ],
    ['no bodies', []],
  ];
  for (const [name, transcripts] of cases)
    it(`joins to the same text as one JSON.stringify: ${name}`, () => {
      const pieces = [...exportPieces(transcripts, 'anthropic')];
      expect(pieces.join('')).toBe(whole(transcripts));
    });

  it('gives each message a piece of its own', () => {
    const pieces = [...exportPieces([transcript('a')], 'anthropic')];
    expect(pieces.filter((p) => p.includes('"role"'))).toHaveLength(2);
  });

  it('reads messages that come as they are read one at a time, each as its piece is asked for', () => {
    const events: string[] = [];
    const given = [transcript('a'), transcript('b', { messages: [] }), transcript('c')];
    const streamed = given.map((t) => ({
      ...t,
      messages: (function* () {
        for (const message of t.messages) {
          events.push('read');
          yield message;
        }
      })(),
    }));
    const pieces: string[] = [];
    for (const piece of exportPieces(streamed, 'anthropic')) {
      events.push('piece');
      pieces.push(piece);
    }
    expect(pieces.join('')).toBe(whole(given));
    expect(events.filter((e) => e === 'read')).toHaveLength(4);
    expect(events.join(' ')).not.toContain('read read');
  });
});

describe('exportPieces (jsonl)', () => {
  it('writes a header line, then one line a message', () => {
    const pieces = [...exportPieces([transcript('a'), transcript('b')], 'jsonl')];
    expect(pieces).toHaveLength(6);
    expect(pieces.every((p) => p.endsWith('\n') && !p.slice(0, -1).includes('\n'))).toBe(true);
    expect(JSON.parse(pieces[1]!)).toEqual(transcript('a').messages[0]);
  });
});
