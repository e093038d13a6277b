import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GardenerError } from '../../../src/errors.js';
import { detect } from '../../../src/core/transcript/detect.js';
import { clearJsonCache } from '../../../src/core/transcript/formats/json-input.js';
import { listFormats } from '../../../src/core/transcript/formats/registry.js';
import { toRequest } from '../../../src/core/transcript/types.js';
import { validate } from '../../../src/core/transcript/validate.js';
import { fixture } from './fixtures.js';

const names = [
  'cc-session.jsonl',
  'cc-interrupted.jsonl',
  'agent-sdk-stream.jsonl',
  'agent-sdk-python.json',
  'openai-chat.json',
  'demo__repo-42.traj.json',
  'swe-agent-run.traj',
  'openhands-events.json',
  'adp-rows.json',
  'aider.chat.history.md',
];
const texts = names.map(fixture);

/** Either valid transcripts or a GardenerError: never another exception, never an invalid request. */
function outcome(run: () => ReturnType<ReturnType<typeof listFormats>[number]['parse']>): void {
  try {
    for (const t of run()) expect(validate(toRequest(t)).issues).toEqual([]);
  } catch (error) {
    if (!(error instanceof GardenerError)) throw error;
  } finally {
    clearJsonCache();
  }
}

/** Damage a text: cut it, drop a line, or splice in a fragment of another fixture. */
const damaged = fc
  .tuple(
    fc.nat(texts.length - 1),
    fc.nat(texts.length - 1),
    fc.nat(),
    fc.nat(),
    fc.constantFrom('cut', 'drop-line', 'splice'),
  )
  .map(([a, b, x, y, how]) => {
    const text = texts[a]!;
    const other = texts[b]!;
    if (how === 'cut') return text.slice(0, x % (text.length + 1));
    if (how === 'drop-line') {
      const lines = text.split('\n');
      lines.splice(x % lines.length, 1);
      return lines.join('\n');
    }
    const at = x % (text.length + 1);
    const from = y % (other.length + 1);
    return text.slice(0, at) + other.slice(from, from + 200) + text.slice(at);
  });

describe('importers on damaged input', () => {
  it('detect + parse yields valid transcripts or a GardenerError', () => {
    fc.assert(
      fc.property(damaged, (text) => outcome(() => detect(text).importer.parse(text, { source: 'fuzz' }))),
      { numRuns: 300 },
    );
  });

  it('every importer forced on any fixture yields valid transcripts or a GardenerError', () => {
    for (const importer of listFormats())
      for (const text of texts) outcome(() => importer.parse(text, { source: 'forced' }));
  });

  it('lenient parsing of damaged JSONL never fails on the bad lines themselves', () => {
    fc.assert(
      fc.property(fc.nat(), fc.string({ maxLength: 30 }), (x, junk) => {
        const lines = texts[0]!.split('\n');
        lines.splice((x % (lines.length - 2)) + 1, 0, `{${junk}`);
        outcome(() => detect(lines.join('\n')).importer.parse(lines.join('\n'), { lenient: true }));
      }),
      { numRuns: 100 },
    );
  });
});

/** JSON shaped like transcripts (messages, blocks, events) with arbitrary values where they matter. */
const loose = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(
      null,
      true,
      0,
      1,
      '',
      ' ',
      'x',
      'u1',
      'user',
      'assistant',
      'ai',
      'tool',
      'system',
      'init',
      'text',
      'tool_use',
      'tool_result',
      'image',
      'thinking',
      'agent',
      'message',
      'run',
      'mini-swe-agent-1',
    ),
    fc.array(tie('value'), { maxLength: 4 }),
    tie('object'),
  ),
  object: fc.dictionary(
    fc.constantFrom(
      'role',
      'content',
      'type',
      'text',
      'id',
      'name',
      'input',
      'tool_use_id',
      'tool_calls',
      'messages',
      'message',
      'uuid',
      'parentUuid',
      'sessionId',
      'source',
      'action',
      'observation',
      'cause',
      'history',
      'trajectory',
      'function',
      'arguments',
      'isSidechain',
      'agentId',
      'leafUuid',
      'summary',
      'session_id',
      'parent_tool_use_id',
      'subtype',
      'data',
      'model',
      'error',
      'tool_call_metadata',
      'tool_call_id',
      'args',
      'model_response',
      'choices',
      'tool_call_ids',
      'thinking',
      'signature',
      'source',
      'is_error',
      'trajectory_format',
      'info',
      'system',
      'tools',
      'transcript',
      'agent',
      'events',
    ),
    tie('value'),
    { maxKeys: 5 },
  ),
}));

describe('importers on arbitrary transcript-like JSON', () => {
  it('every importer yields valid transcripts or a GardenerError', () => {
    fc.assert(
      fc.property(fc.oneof(loose.object, fc.array(loose.object, { maxLength: 5 })), (value) => {
        const asDocument = JSON.stringify(value);
        const asLines = Array.isArray(value) ? value.map((v) => JSON.stringify(v)).join('\n') : asDocument;
        for (const importer of listFormats()) {
          outcome(() => importer.parse(asDocument));
          outcome(() => importer.parse(asLines));
        }
      }),
      { numRuns: 300 },
    );
  });
});
