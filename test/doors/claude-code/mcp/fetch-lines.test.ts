import { describe, expect, it } from 'vitest';
import { toolText, useMcpHarness } from './support.js';
import { bashResult } from '../hooks/support.js';
import { buildLog } from '../../../support/build-log.js';

const mcp = useMcpHarness();
const call = (name: string, args?: Record<string, unknown>) => mcp.call(name, args);
const text = toolText;

describe('the MCP tools and look-alike lines', () => {
  it("recall folds a run in fetch's words, and fetch with those lines returns them", async () => {
    await mcp.world.hook('post-tool-use', bashResult('toolu_1', 'npm run build', buildLog()));
    const found = JSON.parse(text(await call('recall', { query: 'batch 1612 VAT' }))) as {
      results: Array<{ id: string; text: string }>;
    };
    const hit = found.results.find((r) => r.text.includes('ERROR vat.test.ts'));
    const fold = /… (\d+) similar INFO lines \(\d+–\d+\): fetch\(id: "(\w+)", lines: "(\d+-\d+)"\)/.exec(
      hit?.text ?? '',
    );
    expect(fold?.[2]).toBe(hit?.id);
    const page = text(await call('fetch', { id: fold?.[2], lines: fold?.[3] }));
    const numbered = page.split('\n').filter((l) => /^\s*\d+\| INFO compiled/.test(l));
    expect(numbered).toHaveLength(Number(fold?.[1]));
    expect(page).toContain(`lines ${fold?.[3]?.replace('-', '–')} of 401`);
  });

  it('refuses a bad range with a tool error', async () => {
    await mcp.world.hook('post-tool-use', bashResult('toolu_1', 'npm run build', buildLog()));
    const found = JSON.parse(text(await call('recall', { query: 'batch 1612' }))) as {
      results: Array<{ id: string }>;
    };
    const bad = await call('fetch', { id: found.results[0]?.id, lines: '9-3' });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain('lines must be a line range');
  });
});
