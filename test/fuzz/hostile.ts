/**
 * Generators of hostile input for the fuzz suite (test/fuzz/*.test.ts) and its long run
 * (benchmarks/fuzz.ts): long tokens, deep nesting, control characters, huge single lines, mixed
 * formats, invalid UTF-8 and planted secrets, as texts and as transcript files of every shape.
 */
import fc from 'fast-check';
import { plantedSecret, type PlantedSecret } from './secrets-support.js';

/** Characters (and short units) that long runs are made of: each one has tripped a regex somewhere. */
const RUN_UNITS = [
  'x',
  'A',
  '0',
  'f0',
  'aA',
  '.',
  '/',
  'a/',
  'a.',
  '-',
  '_',
  ' ',
  '\t',
  '\n',
  '\r\n',
  '"',
  '\\',
  '`',
  '{',
  '[',
  '(',
  '<',
  '#',
  '*',
  '|',
  '=',
  ':',
  '@',
  '%',
  'eyJ-',
  'AKIA',
  'sk-',
  'a:',
  '1.',
  '\u00e9',
  'e\u0301',
  '\u20ac',
  '\u{1F600}',
  '\u202e',
  '\u0000',
  '\u001b[31m',
  '\ud800',
  '-----BEGIN PRIVATE KEY-----\n',
  'password ',
  'http://',
  '  File "x.py", line 1\n',
  'Error',
  '::',
  '../',
  '==',
  '+ ',
  '- ',
];

/** A run of one unit, up to `maxChars` long. */
const longRun = (maxChars: number) =>
  fc
    .tuple(fc.constantFrom(...RUN_UNITS), fc.integer({ min: 1, max: maxChars }))
    .map(([unit, chars]) => unit.repeat(Math.max(1, Math.floor(chars / unit.length))));

/** Deep nesting of JSON, brackets, indentation, markdown lists, XML. */
const deepNesting = (maxChars: number) =>
  fc
    .tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: Math.max(1, maxChars / 8) }))
    .map(([kind, depth]) => {
      switch (kind) {
        case 1:
          return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
        case 2:
          return `${'{"a":'.repeat(depth)}null${'}'.repeat(depth)}`;
        case 3:
          return Array.from(
            { length: Math.min(depth, 2000) },
            (_, i) => `${' '.repeat(i % 400)}if x${i}:`,
          ).join('\n');
        case 4:
          return Array.from(
            { length: Math.min(depth, 2000) },
            (_, i) => `${'  '.repeat(i % 200)}- item ${i}`,
          ).join('\n');
        case 5:
          return `${'<a>'.repeat(depth)}text${'</a>'.repeat(depth)}`;
        default:
          return `${'('.repeat(depth)}${')'.repeat(depth)}`;
      }
    });

/** Realistic fragments, so compressors get past their detectors and into their real work. */
const FRAGMENTS = [
  'FAILED tests/test_cart.py::test_discount - KeyError: "coupon"',
  'Traceback (most recent call last):\n  File "app.py", line 3, in <module>\n    main()\nValueError: bad',
  '    at Object.<anonymous> (/src/index.js:10:5)\n    at Module._compile (node:internal/modules/cjs/loader:1105:14)',
  'diff --git a/x.ts b/x.ts\n--- a/x.ts\n+++ b/x.ts\n@@ -1,3 +1,3 @@\n-old\n+new',
  '{"items": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}], "total": 2}',
  'id,name,price\n1,apple,0.5\n2,pear,0.7',
  '```python\ndef f(x):\n    return x * 2\n```',
  'export function parseConfigFile(path: string): Config {\n  return JSON.parse(readFileSync(path, "utf8"));\n}',
  '# Title\n\nSome prose. It has sentences! And more of them?\n\n## Part\n\n- a list\n- of items',
  'npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree',
  'src/app.ts:12:5 - error TS2322: Type "string" is not assignable to type "number".',
];

/** One piece of a hostile text. */
const piece = (maxChars: number, secrets: boolean) =>
  fc.oneof(
    { weight: 3, arbitrary: longRun(maxChars) },
    { weight: 2, arbitrary: deepNesting(maxChars) },
    { weight: 2, arbitrary: fc.constantFrom(...FRAGMENTS) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
    {
      weight: 1,
      arbitrary: fc.string({
        unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)),
        maxLength: 100,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }).map((l) => l.join(' ')),
    },
    ...(secrets ? [{ weight: 2, arbitrary: plantedSecret.map((s) => s.line) }] : []),
  );

/** A hostile text of up to about `maxChars` characters per piece. */
export const hostileText = (maxChars: number, secrets = false): fc.Arbitrary<string> =>
  fc.array(piece(maxChars, secrets), { minLength: 1, maxLength: 5 }).map((parts) => parts.join('\n'));

export type FileShape = 'anthropic' | 'claude-code' | 'openai' | 'text' | 'truncated' | 'bad-utf8';
const SHAPES: readonly FileShape[] = ['anthropic', 'claude-code', 'openai', 'text', 'truncated', 'bad-utf8'];

export interface HostileInput {
  shape: FileShape;
  /** The tool output and assistant text inside the transcript. */
  texts: string[];
  /** Secrets planted in the tool output (never to come out in clear). */
  secrets: PlantedSecret[];
  /** A 0..1 position for cuts and byte flips. */
  at: number;
}

/** A transcript file's worth of hostile input (see fileBytes). */
export const hostileInput = (maxChars: number): fc.Arbitrary<HostileInput> =>
  fc.record({
    shape: fc.constantFrom(...SHAPES),
    texts: fc.array(hostileText(maxChars), { minLength: 1, maxLength: 3 }),
    secrets: fc.array(plantedSecret, { maxLength: 2 }),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
  });

/** The tool output of an input: its first text with the secrets planted in it. */
export function toolOutput(input: HostileInput): string {
  return [input.texts[0] ?? '', ...input.secrets.map((s) => s.line)].join('\n');
}

function messages(input: HostileInput): Array<{ role: string; content: unknown }> {
  const [, ...rest] = input.texts;
  return [
    { role: 'user', content: 'look at the output' },
    {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'make' } }],
    },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: toolOutput(input) }] },
    { role: 'assistant', content: rest.join('\n') || 'done' },
    { role: 'user', content: 'thanks' },
  ];
}

/** The input as the bytes of a file in its shape (some shapes are broken on purpose). */
export function fileBytes(input: HostileInput): Buffer {
  const anthropic = JSON.stringify({ messages: messages(input) });
  switch (input.shape) {
    case 'anthropic':
      return Buffer.from(anthropic);
    case 'claude-code':
      return Buffer.from(
        messages(input)
          .map((m, i) =>
            JSON.stringify({
              type: m.role,
              sessionId: 's',
              uuid: `u${i}`,
              parentUuid: i === 0 ? null : `u${i - 1}`,
              timestamp: '2025-01-01T00:00:00Z',
              message: m,
            }),
          )
          .join('\n'),
      );
    case 'openai':
      return Buffer.from(
        JSON.stringify({
          messages: [
            { role: 'user', content: 'look' },
            {
              role: 'assistant',
              content: null,
              tool_calls: [{ id: 'c1', type: 'function', function: { name: 'sh', arguments: '{}' } }],
            },
            { role: 'tool', tool_call_id: 'c1', content: toolOutput(input) },
            { role: 'assistant', content: input.texts.join('\n') },
          ],
        }),
      );
    case 'text':
      return Buffer.from(toolOutput(input));
    case 'truncated':
      return Buffer.from(anthropic.slice(0, Math.floor(anthropic.length * input.at)));
    case 'bad-utf8': {
      const bytes = Buffer.from(anthropic);
      bytes[Math.floor((bytes.length - 1) * input.at)] = 0xff;
      return bytes;
    }
  }
}
