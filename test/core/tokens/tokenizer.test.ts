import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  countMessage,
  countRequest,
  IMAGE_TOKENS,
  MESSAGE_OVERHEAD,
} from '../../../src/core/tokens/count.js';
import { createTiktokenCounter, textCacheKey } from '../../../src/core/tokens/tokenizer.js';

const require = createRequire(import.meta.url);

describe('cl100k tokenizer', () => {
  const tokenizer = createTiktokenCounter();
  const { Tiktoken } = require('js-tiktoken/lite');
  const ranks = require('js-tiktoken/ranks/cl100k_base');
  const reference = new Tiktoken(ranks.default ?? ranks);

  it.each([
    'hello world',
    'def f(x):\n    return x * 2\n\n\n',
    '  indented\n\ttabs\r\nwindows lines',
    'emoji 🎉 and ünïcödé, 中文字符',
    '<|endoftext|> is just text here',
    'x'.repeat(150),
  ])('counts exactly like js-tiktoken: %#', (text) => {
    expect(tokenizer.count(text)).toBe(reference.encode(text, [], []).length);
  });

  it('counts a very long single piece in chunks, close to the exact count', () => {
    const text = 'ab'.repeat(600);
    const exact = reference.encode(text, [], []).length;
    expect(Math.abs(tokenizer.count(text) - exact)).toBeLessThanOrEqual(6);
  });

  it('returns cached counts for repeated long texts', () => {
    const text = 'The quick brown fox. '.repeat(200);
    expect(tokenizer.count(text)).toBe(tokenizer.count(text));
    expect(tokenizer.count('')).toBe(0);
  });

  it('counts messages with overhead, tool_use as name + input, and images at the fixed estimate', () => {
    const message = {
      role: 'assistant' as const,
      content: [
        { type: 'tool_use' as const, id: 't', name: 'Read', input: { file_path: 'a.ts' } },
        {
          type: 'image' as const,
          source: { type: 'base64' as const, media_type: 'image/png' as const, data: 'AAAA' },
        },
      ],
    } as never;
    const expected =
      MESSAGE_OVERHEAD + tokenizer.count('Read') + tokenizer.count('{"file_path":"a.ts"}') + IMAGE_TOKENS;
    expect(countMessage(tokenizer, message)).toBe(expected);
    expect(countRequest(tokenizer, { system: 'sys', messages: [message] })).toBe(
      expected + tokenizer.count('sys'),
    );
  });
});

describe('the count cache', () => {
  it('keys a text past a few words by its digest, so a full cache stays small', () => {
    expect(textCacheKey('ok')).toBe('ok');
    const line = 'INFO job 12 step 7 ok (49 ms) in src/build_12.ts';
    expect(textCacheKey(line)).toHaveLength(28);
    expect(textCacheKey(line)).toBe(textCacheKey(line.slice(0)));
    expect(textCacheKey(line)).not.toBe(textCacheKey(`${line}.`));
  });
});
