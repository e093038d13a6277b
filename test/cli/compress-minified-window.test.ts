import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MessagesRequest, ToolResultBlockParam } from '../../src/core/transcript/types.js';
import { runGardener } from '../support/cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'gardener-compress-window-'));
const db = path.join(dir, 'test.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A one-line bundle of `n` functions (about 60 tokens each), as a Read of a `.min.js` returns it. */
function bundle(n: number): string {
  const body = Array.from(
    { length: n },
    (_, i) =>
      `function f${i}(a,b){var c=a*${i}+b;if(c>${i})for(var d=0;d<c;d++)b+=d%3?a:-a;else b=String(c).length;return[b,c,"f${i}"]}`,
  ).join('');
  return `!function(){"use strict";${body}window.lib={version:"2.1.0"}}();`;
}

/** A request body: a Read of `file` answered with `content`, then a prompt of `prompt` text, and later turns. */
function readSession(model: string, content: string, prompt = 'What does it export?'): string {
  const request: MessagesRequest = {
    model,
    max_tokens: 1024,
    messages: [
      { role: 'user', content: 'Look at the bundle.' },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: '/app/dist/lib.min.js' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content }] },
      { role: 'assistant', content: 'It is a bundle.' },
      { role: 'user', content: prompt },
      { role: 'assistant', content: 'Looking.' },
      { role: 'user', content: 'Go on.' },
      { role: 'assistant', content: 'Done.' },
      { role: 'user', content: 'Thanks.' },
    ],
  };
  const file = path.join(dir, `${model}-${content.length}-${prompt.length}.json`);
  writeFileSync(file, JSON.stringify(request));
  return file;
}

const resultText = (stdout: string): string =>
  (JSON.parse(stdout) as MessagesRequest).messages
    .flatMap((m) => (typeof m.content === 'string' ? [] : m.content))
    .find((b): b is ToolResultBlockParam => b.type === 'tool_result')?.content as string;

describe('gardener compress on minified code', () => {
  it('shortens a one-line bundle without a budget', async () => {
    const code = bundle(3_000);
    const run = await runGardener(['compress', readSession('claude-sonnet-4-5', code), '--db', db]);
    expect(run.code).toBe(0);
    const shown = resultText(run.stdout);
    expect(shown).toMatch(
      /^\[gardener: code summary [\d,]+→[\d,]+ tok · fetch\("\w+", query: "what you need"\)\]\n/,
    );
    expect(shown.length).toBeLessThan(code.length / 5);
    expect(run.stderr).not.toContain('warning:');
  });

  it("warns on stderr when the output is still past the model's context window", async () => {
    // What the user typed is never shortened: 250,000 tokens of it stay.
    const typed = 'Please keep every word of this in mind. '.repeat(28_000);
    const over = await runGardener([
      'compress',
      readSession('claude-sonnet-4-5', bundle(50), typed),
      '--db',
      db,
    ]);
    expect(over.code).toBe(0);
    expect(over.stderr).toMatch(
      /warning: transcript \S+ is still [\d,]+ tokens once compressed, over the 200,000-token context window of claude-sonnet-4-5; --budget 200000 /,
    );
    const wide = await runGardener([
      'compress',
      readSession('claude-sonnet-4-5[1m]', bundle(50), typed),
      '--db',
      db,
    ]);
    expect(wide.code).toBe(0);
    expect(wide.stderr).not.toContain('warning:');
  });
});
