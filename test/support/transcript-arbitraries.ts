/**
 * fast-check generators of canonical transcripts, shared by every area's property tests.
 *
 * A generated transcript starts with a typed user prompt and then alternates assistant turns and
 * user replies, the way agent sessions go: assistant turns may open with thinking blocks, say
 * something, and call one or several tools in parallel; the next user message answers every call
 * (in any order), sometimes with an image inside a result or an error flag, sometimes followed by
 * typed text. Blocks of unknown types, `system`-role messages, images repeated byte-for-byte across
 * turns and string contents appear too. Texts look like logs, code, JSON, tracebacks or prose,
 * from a line to a few thousand characters, so that compaction has something to chew on.
 */
import fc from 'fast-check';
import type { Block, MessageParam, Transcript } from '../../src/core/transcript/types.js';

export interface TranscriptOptions {
  /** Assistant turns (default 1..12). */
  minTurns?: number;
  maxTurns?: number;
  /** Allow `system`-role messages (invalid for validate(); gardener passes them through). Default true. */
  systemMessages?: boolean;
  /** Allow blocks of unknown types. Default true. */
  unknownBlocks?: boolean;
  /** Allow images. Default true. */
  images?: boolean;
  /** Length of generated texts. Default normal. */
  scale?: TextScale;
}

/** `arb` one time in `oneIn`, else null. */
function sometimes<T>(arb: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });
}

const WORDS = [
  'vat',
  'rate',
  'invoice',
  'total',
  'billing',
  'customer',
  'parser',
  'config',
  'session',
  'cache',
  'token',
  'budget',
  'request',
  'render',
  'store',
];

const word = fc.constantFrom(...WORDS);
const sentence = fc.array(word, { minLength: 4, maxLength: 14 }).map((w) => `${w.join(' ')}.`);

/** How long generated texts get: `normal` reaches a few thousand characters, `small` a few hundred. */
export type TextScale = 'small' | 'normal';

const SCALES: Record<
  TextScale,
  { sentences: number; lines: number; functions: number; rows: number; frames: number }
> = {
  small: { sentences: 8, lines: 25, functions: 5, rows: 8, frames: 3 },
  normal: { sentences: 30, lines: 120, functions: 25, rows: 40, frames: 8 },
};

/** Prose: a few sentences in a paragraph or two. */
export function proseArbOf(scale: TextScale = 'normal'): fc.Arbitrary<string> {
  return fc.array(sentence, { minLength: 1, maxLength: SCALES[scale].sentences }).map((s) => s.join(' '));
}

/** A log: timestamped lines with levels and repeats, like a build or test run. */
export function logArbOf(scale: TextScale = 'normal'): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(fc.nat(59), fc.constantFrom('INFO', 'DEBUG', 'WARN', 'ERROR'), word, fc.nat(999)), {
      minLength: 1,
      maxLength: SCALES[scale].lines,
    })
    .map((lines) =>
      lines
        .map(
          ([s, level, w, n]) => `2024-05-01 12:00:${String(s).padStart(2, '0')} ${level} ${w} step ${n} done`,
        )
        .join('\n'),
    );
}

/** Code: small functions in TypeScript or Python. */
export function codeArbOf(scale: TextScale = 'normal'): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(word, word, fc.nat(99)), { minLength: 1, maxLength: SCALES[scale].functions })
    .chain((fns) =>
      fc.constantFrom(
        fns
          .map(
            ([a, b, n]) =>
              `export function ${a}_${b}${n}(x: number): number {\n  const ${a} = x * ${n};\n  return ${a} + 1;\n}\n`,
          )
          .join('\n'),
        fns
          .map(([a, b, n]) => `def ${a}_${b}${n}(x):\n    ${a} = x * ${n}\n    return ${a} + 1\n`)
          .join('\n'),
      ),
    );
}

/** JSON data. */
export function jsonArbOf(scale: TextScale = 'normal'): fc.Arbitrary<string> {
  return fc
    .array(
      fc.record({
        id: fc.nat(9999),
        name: word,
        total: fc.nat(100_000),
        tags: fc.array(word, { maxLength: 3 }),
      }),
      { minLength: 1, maxLength: SCALES[scale].rows },
    )
    .map((rows) => JSON.stringify({ items: rows }, null, 2));
}

/** A Python traceback. */
export function tracebackArbOf(scale: TextScale = 'normal'): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.array(fc.tuple(word, fc.nat(400)), { minLength: 1, maxLength: SCALES[scale].frames }),
      fc.constantFrom('ValueError', 'KeyError', 'TypeError'),
      sentence,
    )
    .map(([frames, error, message]) =>
      [
        'Traceback (most recent call last):',
        ...frames.map(([w, line]) => `  File "src/${w}.py", line ${line}, in ${w}\n    ${w}(x)`),
        `${error}: ${message}`,
      ].join('\n'),
    );
}

/** Any block text (never empty). */
export function contentTextArbOf(scale: TextScale = 'normal'): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: proseArbOf(scale) },
    { weight: 3, arbitrary: logArbOf(scale) },
    { weight: 2, arbitrary: codeArbOf(scale) },
    { weight: 1, arbitrary: jsonArbOf(scale) },
    { weight: 1, arbitrary: tracebackArbOf(scale) },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '') },
  );
}

export const proseArb = proseArbOf();
export const logArb = logArbOf();
export const codeArb = codeArbOf();
export const jsonArb = jsonArbOf();
export const tracebackArb = tracebackArbOf();
export const contentTextArb = contentTextArbOf();

/** A few distinct tiny "images": the same one drawn twice is a byte-identical repeat. */
const IMAGES = [
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk',
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////',
];
export const imageArb: fc.Arbitrary<Block> = fc.nat(IMAGES.length - 1).map((i) => ({
  type: 'image',
  source: { type: 'base64', media_type: i === 1 ? 'image/gif' : 'image/png', data: IMAGES[i] ?? '' },
}));

const unknownBlockArb: fc.Arbitrary<Block> = fc
  .record({ kind: fc.constantFrom('mystery_block', 'future_widget'), payload: fc.string({ maxLength: 20 }) })
  .map(({ kind, payload }) => ({ type: kind, payload }) as unknown as Block);

const thinkingArb: fc.Arbitrary<Block> = fc.oneof(
  fc
    .record({ thinking: proseArb, signature: fc.string({ minLength: 8, maxLength: 40 }) })
    .map((t): Block => ({ type: 'thinking', ...t })),
  fc.string({ minLength: 4, maxLength: 40 }).map((data): Block => ({ type: 'redacted_thinking', data })),
);

const TOOL_NAMES = ['Bash', 'Read', 'Grep', 'Write', 'str_replace_editor'];

interface TurnShape {
  thinking: Block[];
  say: string | undefined;
  calls: Array<{
    name: string;
    input: Record<string, unknown>;
    result: string;
    isError: boolean;
    image: Block | undefined;
  }>;
  resultOrder: number[];
  followUp: string | undefined;
  userImage: Block | undefined;
  unknownAssistant: Block | undefined;
  unknownUser: Block | undefined;
  stringContent: boolean;
  systemAfter: string | undefined;
}

function turnArb(options: Required<TranscriptOptions>): fc.Arbitrary<TurnShape> {
  const maybeImage = options.images ? sometimes(imageArb, 5) : fc.constant(null);
  const maybeUnknown = options.unknownBlocks ? sometimes(unknownBlockArb, 8) : fc.constant(null);
  const call = fc.record({
    name: fc.constantFrom(...TOOL_NAMES),
    command: fc.constantFrom('pytest -x tests/', 'ls -la', 'cat src/vat.py', 'npm test'),
    path: fc.constantFrom('src/vat.py', 'src/app.ts', 'README.md', 'config.json'),
    result: contentTextArbOf(options.scale),
    isError: fc.boolean(),
    image: maybeImage,
    bigInput: sometimes(codeArbOf(options.scale), 2),
  });
  return fc
    .record({
      thinking: fc.array(thinkingArb, { maxLength: 2 }),
      say: sometimes(contentTextArbOf(options.scale), 2),
      calls: fc.array(call, { maxLength: 3 }),
      shuffle: fc.nat(),
      followUp: sometimes(proseArbOf(options.scale), 4),
      userImage: maybeImage,
      unknownAssistant: maybeUnknown,
      unknownUser: maybeUnknown,
      stringContent: fc.boolean(),
      systemAfter: options.systemMessages ? sometimes(sentence, 40) : fc.constant(null),
    })
    .map((t) => {
      const calls = t.calls.map((c) => ({
        name: c.name,
        input:
          c.name === 'Bash'
            ? { command: c.command }
            : c.name === 'Write' && c.bigInput !== null
              ? { file_path: c.path, content: c.bigInput.repeat(3) }
              : { file_path: c.path },
        result: c.result,
        isError: c.isError,
        image: c.image ?? undefined,
      }));
      const order = calls.map((_, i) => i);
      for (let i = order.length - 1; i > 0; i--) {
        const j = (t.shuffle + i) % (i + 1);
        [order[i], order[j]] = [order[j] as number, order[i] as number];
      }
      return {
        thinking: t.thinking,
        say: t.say ?? undefined,
        calls,
        resultOrder: order,
        followUp: t.followUp ?? undefined,
        userImage: t.userImage ?? undefined,
        unknownAssistant: t.unknownAssistant ?? undefined,
        unknownUser: t.unknownUser ?? undefined,
        stringContent: t.stringContent,
        systemAfter: t.systemAfter ?? undefined,
      };
    });
}

function buildMessages(prompt: string, turns: TurnShape[]): MessageParam[] {
  const messages: MessageParam[] = [{ role: 'user', content: prompt }];
  let nextId = 1;
  turns.forEach((turn) => {
    const ids = turn.calls.map(() => `toolu_${String(nextId++).padStart(4, '0')}`);
    const assistant: Block[] = [...turn.thinking];
    if (turn.say !== undefined) assistant.push({ type: 'text', text: turn.say });
    if (turn.unknownAssistant) assistant.push(turn.unknownAssistant);
    turn.calls.forEach((c, i) =>
      assistant.push({ type: 'tool_use', id: ids[i] as string, name: c.name, input: c.input }),
    );
    if (
      assistant.length === 0 ||
      assistant.every((b) => b.type === 'thinking' || b.type === 'redacted_thinking')
    ) {
      assistant.push({ type: 'text', text: 'Looking into it.' });
    }
    messages.push(
      turn.stringContent && assistant.length === 1 && assistant[0]?.type === 'text'
        ? { role: 'assistant', content: assistant[0].text }
        : { role: 'assistant', content: assistant },
    );

    const user: Block[] = [];
    for (const i of turn.resultOrder) {
      const c = turn.calls[i];
      if (!c) continue;
      const content = c.image ? [{ type: 'text' as const, text: c.result }, c.image] : c.result;
      user.push({
        type: 'tool_result',
        tool_use_id: ids[i] as string,
        content,
        ...(c.isError ? { is_error: true } : {}),
      } as Block);
    }
    if (turn.followUp !== undefined) user.push({ type: 'text', text: turn.followUp });
    if (turn.userImage) user.push(turn.userImage);
    if (turn.unknownUser) user.push(turn.unknownUser);
    if (user.length === 0) user.push({ type: 'text', text: 'go on' });
    messages.push(
      turn.stringContent && user.length === 1 && user[0]?.type === 'text'
        ? { role: 'user', content: user[0].text }
        : { role: 'user', content: user },
    );
    // A system-role message can only sit where it splits no tool pair: after a user turn.
    if (turn.systemAfter !== undefined)
      messages.push({ role: 'system', content: turn.systemAfter } as unknown as MessageParam);
  });
  if (messages[messages.length - 1]?.role !== 'user')
    messages.push({ role: 'user', content: 'continue please' });
  return messages;
}

/** A transcript in the canonical (Anthropic) form. */
export function transcriptArb(options: TranscriptOptions = {}): fc.Arbitrary<Transcript> {
  const resolved: Required<TranscriptOptions> = {
    minTurns: options.minTurns ?? 1,
    maxTurns: options.maxTurns ?? 12,
    systemMessages: options.systemMessages ?? true,
    unknownBlocks: options.unknownBlocks ?? true,
    images: options.images ?? true,
    scale: options.scale ?? 'normal',
  };
  return fc
    .record({
      system: sometimes(proseArbOf(resolved.scale), 2),
      tools: fc.boolean(),
      prompt: proseArbOf(resolved.scale),
      turns: fc.array(turnArb(resolved), { minLength: resolved.minTurns, maxLength: resolved.maxTurns }),
    })
    .map(({ system, tools, prompt, turns }) => ({
      id: 'generated',
      format: 'anthropic',
      ...(system !== null ? { system } : {}),
      ...(tools
        ? {
            tools: TOOL_NAMES.map((name) => ({
              name,
              description: `the ${name} tool`,
              input_schema: { type: 'object' as const },
            })),
          }
        : {}),
      messages: buildMessages(prompt, turns),
    }));
}

/** A transcript of a format without tool blocks (mini-swe-agent): observations arrive as user text. */
export function textOnlyTranscriptArb(maxTurns = 10, scale: TextScale = 'normal'): fc.Arbitrary<Transcript> {
  return fc
    .record({
      task: proseArbOf(scale),
      turns: fc.array(
        fc.tuple(proseArbOf(scale), fc.oneof(logArbOf(scale), codeArbOf(scale), tracebackArbOf(scale))),
        { minLength: 1, maxLength: maxTurns },
      ),
    })
    .map(({ task, turns }) => ({
      id: 'generated-text',
      format: 'mini-swe-agent',
      system: 'You are a helpful assistant that can interact with a computer.',
      messages: [
        { role: 'user', content: task },
        ...turns.flatMap(([thought, observation]): MessageParam[] => [
          { role: 'assistant', content: `${thought}\n\n\`\`\`bash\nls -la\n\`\`\`` },
          { role: 'user', content: `<returncode>0</returncode>\n<output>\n${observation}\n</output>` },
        ]),
      ],
    }));
}
