import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ContentClass } from '../../../src/core/classify/index.js';
import { classify } from '../../../src/core/classify/index.js';
import { compress } from '../../../src/core/compress/index.js';
import { openGarden } from '../../../src/core/garden/index.js';
import { HUGE_TEXT_CHARS } from '../../../src/core/garden/ingest/huge.js';
import { tempStore } from './helpers.js';
import { withHugeOutput } from './huge-output.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

describe('a huge block', () => {
  it('is classified from a sample and summarised in one pass over its lines (a log), its original stored exact', () => {
    const { transcript, output } = withHugeOutput(HUGE_TEXT_CHARS + 1_000_000);
    let longestClassified = 0;
    let longestCompressed = 0;
    let digested = false;
    const garden = openGarden({
      store,
      session: { project: 'test', session: 'huge' },
      budget: 20_000,
      config: { inject: 'off', now: () => 1_000_000 },
      classify: (text, hints) => {
        longestClassified = Math.max(longestClassified, text.length);
        return classify(text, hints);
      },
      compress: (cls: ContentClass, text, context) => {
        // A log past any context window is digested whole; other compressors see a slice at most.
        if (context.pastWindow === true) digested = true;
        else longestCompressed = Math.max(longestCompressed, text.length);
        return compress(cls, text, context);
      },
    });
    garden.sync(transcript);
    garden.plan({ strict: false });
    const rendered = JSON.stringify(garden.render());
    garden.settle();
    expect(longestClassified).toBeLessThan(250_000);
    expect(digested).toBe(true);
    expect(longestCompressed).toBeLessThanOrEqual(1_000_000);
    expect(rendered.length).toBeLessThan(5_000);
    expect(rendered).toContain('×');
    const hit = garden.recall('quokka7').hits[0];
    expect(store.fetch(hit!.id)!.original).toBe(output);
    garden.close();
  });

  it('is gardened in a heap that could not hold a few working copies of it (a child process, heap capped)', async () => {
    // Before: the recall hint split the whole text into words, the compressor made whole copies: out of memory.
    const child = spawn(
      process.execPath,
      [
        '--max-old-space-size=72',
        '--import',
        'tsx',
        join(import.meta.dirname, 'huge-block-child.ts'),
        join(dirname(store.path), 'child.db'),
        '12',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    const result = JSON.parse(out) as { renderedChars: number; found: boolean; exact: boolean };
    expect(result).toMatchObject({ found: true, exact: true });
    expect(result.renderedChars).toBeLessThan(5_000);
  }, 60_000);
});
