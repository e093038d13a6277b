import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBodyParser, type ParsedBody } from '../../../src/doors/proxy/body-parse.js';
import { scanBody } from '../../../src/core/transcript/index.js';

type Message = { role: string; content: unknown };

const body = (messages: Message[], extra: Record<string, unknown> = {}) =>
  Buffer.from(
    JSON.stringify({ model: 'claude-sonnet-4-5', messages, system: 'You are a coding agent.', ...extra }),
  );

const turn = (n: number, text: string): Message[] => [
  { role: 'assistant', content: [{ type: 'tool_use', id: `t${n}`, name: 'Bash', input: { n } }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${n}`, content: text }] },
];

function parsed(result: ParsedBody | string): ParsedBody {
  if (typeof result === 'string') throw new Error(result);
  return result;
}

describe('parsing a body from the conversation’s previous one', () => {
  it('parses only the new messages of a growing conversation and gives what JSON.parse gives', () => {
    const parser = createBodyParser();
    const messages: Message[] = [{ role: 'user', content: 'run the tests' }];
    for (let n = 0; n < 6; n++) {
      messages.push(...turn(n, `line "${n}" \\ ü 🌱\n`.repeat(n + 1)));
      const raw = body(messages);
      const result = parsed(parser.parse(raw));
      expect(result.body).toEqual(JSON.parse(raw.toString()));
      expect(result.reused).toBe(n === 0 ? 0 : messages.length - 2);
      parser.keep('conversation', raw, result);
    }
  });

  it('reparses a message whose breakpoint moved, and keeps the earlier messages’ objects', () => {
    const parser = createBodyParser();
    const first = [
      { role: 'user', content: [{ type: 'text', text: 'a', cache_control: { type: 'ephemeral' } }] },
    ];
    const one = parsed(parser.parse(body(first)));
    parser.keep('c', body(first), one);
    const second = [
      { role: 'user', content: [{ type: 'text', text: 'a' }] },
      ...turn(1, 'x'),
      { role: 'user', content: [{ type: 'text', text: 'b', cache_control: { type: 'ephemeral' } }] },
    ];
    const two = parsed(parser.parse(body(second)));
    expect(two.reused).toBe(0);
    expect(two.body).toEqual(JSON.parse(body(second).toString()));
    parser.keep('c', body(second), two);
    const third = [
      ...second.slice(0, 3),
      { role: 'user', content: [{ type: 'text', text: 'b' }] },
      ...turn(2, 'y'),
    ];
    const three = parsed(parser.parse(body(third)));
    expect(three.reused).toBe(3);
    expect((three.body['messages'] as unknown[])[1]).toBe((two.body['messages'] as unknown[])[1]);
    expect(three.body).toEqual(JSON.parse(body(third).toString()));
  });

  it('takes the keys after the messages anew when they changed, and parses whole when an earlier byte changed', () => {
    const parser = createBodyParser();
    const messages = [{ role: 'user', content: 'hello' }, ...turn(1, 'a')];
    const before = body(messages, { max_tokens: 10 });
    parser.keep('c', before, parsed(parser.parse(before)));
    const after = body([...messages, ...turn(2, 'b')], { max_tokens: 20, stream: true });
    const result = parsed(parser.parse(after));
    expect(result.reused).toBe(3);
    expect(result.body).toEqual(JSON.parse(after.toString()));
    expect(Object.keys(result.body)).toEqual(Object.keys(JSON.parse(after.toString()) as object));
    parser.keep('c', after, result);
    const edited = body([{ role: 'user', content: 'hellO' }, ...turn(1, 'a'), ...turn(2, 'b')]);
    const whole = parsed(parser.parse(edited));
    expect(whole.reused).toBe(0);
    expect(whole.body).toEqual(JSON.parse(edited.toString()));
  });

  it('says a body is not JSON when only its new part is broken', () => {
    const parser = createBodyParser();
    const raw = body([{ role: 'user', content: 'hello' }]);
    parser.keep('c', raw, parsed(parser.parse(raw)));
    const broken = Buffer.from(raw.toString().replace(/\]/, ',{"role":"user","content":"x}]'));
    expect(parser.parse(broken)).toBe('body is not JSON');
    const trailing = Buffer.from(raw.toString().replace(/\]/, '],}'));
    expect(parser.parse(trailing)).toBe('body is not JSON');
  });

  it('gives what JSON.parse gives for any growing conversation, edited anywhere, spaced any way', () => {
    const text = fc.string({ unit: 'binary', maxLength: 12 });
    const message = fc.record({
      role: fc.constantFrom('user', 'assistant'),
      content: fc.oneof(text, fc.array(fc.record({ type: fc.constant('text'), text }), { maxLength: 2 })),
    });
    fc.assert(
      fc.property(
        fc.array(message, { minLength: 1, maxLength: 5 }),
        fc.array(fc.tuple(fc.array(message, { maxLength: 3 }), fc.nat(), fc.boolean(), fc.boolean()), {
          maxLength: 5,
        }),
        (start, steps) => {
          const parser = createBodyParser();
          let messages = start;
          const send = (spaced: boolean) => {
            const raw = Buffer.from(
              JSON.stringify({ model: 'm', messages, tools: [] }, null, spaced ? 1 : 0),
            );
            const result = parsed(parser.parse(raw));
            expect(result.body).toEqual(JSON.parse(raw.toString()));
            parser.keep('c', raw, result);
          };
          send(false);
          for (const [added, at, edit, spaced] of steps) {
            messages = [...messages, ...added];
            if (edit)
              messages = messages.map((m, i) =>
                i === at % messages.length ? { ...m, content: 'edited' } : m,
              );
            send(spaced);
          }
        },
      ),
    );
  });
});

describe('the shape of a body', () => {
  it('finds each message’s bytes, across strings holding quotes, backslashes and brackets', () => {
    const messages = [
      { role: 'user', content: 'a "quoted" \\ ] } [ {' },
      { role: 'assistant', content: [] },
    ];
    const raw = body(messages);
    const shape = scanBody(raw);
    expect(shape?.keys).toEqual(['model', 'messages', 'system']);
    expect(
      shape?.starts.map((s, i) => JSON.parse(raw.toString('utf8', s, shape.ends[i])) as unknown),
    ).toEqual(messages);
  });

  it('has none for a body with a key twice', () => {
    expect(scanBody(Buffer.from('{"messages":[],"messages":[]}'))).toBeUndefined();
  });
});
