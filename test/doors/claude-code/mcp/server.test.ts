import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toolText, useMcpHarness } from './support.js';
import { FETCH_CHARS } from '../../../../src/doors/claude-code/mcp/fetch-window.js';
import { bashResult, bigLog, SESSION } from '../hooks/support.js';
import { serviceLog, SETTLEMENT_REF } from '../../../support/service-log.js';

const mcp = useMcpHarness();
const call = (name: string, args?: Record<string, unknown>) => mcp.call(name, args);
const text = toolText;

describe('gardener mcp', () => {
  it('initializes and lists its five tools, each described for a model', async () => {
    expect(mcp.client.getServerVersion()).toMatchObject({ name: 'gardener', version: '0.0.0-test' });
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'context_pressure',
      'fetch',
      'forget',
      'note',
      'recall',
    ]);
    for (const tool of tools) expect(tool.description?.length).toBeGreaterThan(80);
    expect(tools.find((t) => t.name === 'recall')?.inputSchema.required).toEqual(['query']);
  });

  it('is bound to the project of $CLAUDE_PROJECT_DIR and the session of $CLAUDE_CODE_SESSION_ID', () => {
    expect(mcp.door.scope()).toEqual({ project: mcp.world.project, session: SESSION });
  });

  it('recall finds a result a hook stored; fetch returns its original in windows with a continuation', async () => {
    const log = bigLog(2_000, 'ERROR disk quota exceeded on /var/lib/shop');
    await mcp.world.hook('post-tool-use', bashResult('toolu_1', 'deploy --verbose', log));
    const found = JSON.parse(text(await call('recall', { query: 'disk quota exceeded' }))) as {
      results: Array<{ id: string; text: string }>;
    };
    expect(found.results[0]?.text).toContain('disk quota exceeded');
    const id = found.results[0]!.id;

    let original = '';
    let offset: number | undefined = 0;
    let windows = 0;
    while (offset !== undefined) {
      const page = text(await call('fetch', { id, offset }));
      const [head, ...body] = page.split('\n');
      expect(head).toContain(`id=${id}`);
      const more = /call fetch with id "[^"]+" and offset (\d+)\]$/.exec(page);
      original += (more ? body.slice(0, -1) : body).join('\n');
      offset = more ? Number(more[1]) : undefined;
      windows++;
    }
    expect(windows).toBeGreaterThan(1);
    expect(log.length).toBeGreaterThan(FETCH_CHARS);
    expect(original).toBe(log);
  });

  it('fetch with a query returns the lines holding it, numbered, with context, not the whole original', async () => {
    const log = serviceLog();
    await mcp.world.hook('post-tool-use', bashResult('toolu_1', 'cat service.log', log.text));
    const found = JSON.parse(text(await call('recall', { query: 'service.log' }))) as {
      results: Array<{ id: string }>;
    };
    const id = found.results[0]!.id;
    const page = text(await call('fetch', { id, query: 'settlement ref: STL' }));
    expect(page).toContain(`${log.errorLine}| `);
    expect(page).toContain(SETTLEMENT_REF);
    expect(page).toContain('1 matching line,');
    expect(page.length).toBeLessThan(2_000);
    const later = await call('fetch', { id, query: 'settlement ref: STL', from_line: log.errorLine + 10 });
    expect(text(later)).toContain('no line holds');
  });

  it('note, then recall ranks it; forget drops it from recall', async () => {
    const noted = text(
      await call('note', { text: 'Invoices are numbered per year: INV-2026-0001', tags: ['decision'] }),
    );
    const id = /noted: (\S+)/.exec(noted)![1]!;
    expect(text(await call('recall', { query: 'invoices numbered per year' }))).toContain(id);
    expect((await call('forget', { id })).isError).toBeFalsy();
    expect(text(await call('recall', { query: 'invoices numbered per year' }))).not.toContain(id);
  });

  it('context_pressure reports by class and by form from what the hooks stored', async () => {
    await mcp.world.hook('post-tool-use', bashResult('toolu_1', 'cat app.log', bigLog(400, 'x')));
    await mcp.world.hook('pre-compact', { trigger: 'auto' });
    await mcp.world.hook('post-tool-use', bashResult('toolu_2', 'ls', 'a\nb'));
    const report = JSON.parse(text(await call('context_pressure'))) as {
      source: string;
      by_class: Record<string, { count: number }>;
      by_form: { in_context: { count: number }; compacted_by_claude_code: { count: number } };
      recommendation: string;
    };
    expect(report.source).toBe('store');
    expect(report.by_class['log']?.count).toBeGreaterThanOrEqual(1);
    expect(report.by_form.compacted_by_claude_code.count).toBe(1);
    expect(report.by_form.in_context.count).toBe(1);
    expect(report.recommendation).toMatch(/log/);
  });

  it('context_pressure prefers the live figures of a proxy serving this session', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const live = path.join(mcp.world.home, 'proxy-live');
    mkdirSync(live, { recursive: true });
    const figures = {
      requests: 12,
      events: 2,
      rawTokens: 90_000,
      sentTokens: 30_000,
      budget: 100_000,
      tokensSaved: 60_000,
    };
    writeFileSync(path.join(live, `${SESSION}.json`), JSON.stringify({ ...figures, updatedAt: Date.now() }));
    const report = JSON.parse(text(await call('context_pressure'))) as {
      source: string;
      live: { pressure: number; sent_tokens: number };
    };
    expect(report.source).toBe('proxy');
    expect(report.live).toMatchObject({ pressure: 0.3, sent_tokens: 30_000 });
    writeFileSync(
      path.join(live, `${SESSION}.json`),
      JSON.stringify({ ...figures, updatedAt: Date.now() - 3_600_000 }),
    );
    expect((JSON.parse(text(await call('context_pressure'))) as { source: string }).source).toBe('store');
  });

  it('bad arguments give a tool error, not a crash, and the server keeps answering', async () => {
    const wrongType = await call('recall', { query: 42 });
    expect(wrongType.isError).toBe(true);
    expect(text(wrongType)).toMatch(/query/);
    expect((await call('recall', { query: 'x', limit: 0 })).isError).toBe(true);
    expect((await call('recall', { query: 'x', class: 'poetry' })).isError).toBe(true);
    expect((await call('fetch', {})).isError).toBe(true);
    const unknown = await call('fetch', { id: 'zzzzzzzz' });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toContain('no entry or note');
    expect((await call('forget', { id: 'zzzzzzzz' })).isError).toBe(true);
    expect((await call('note', { text: '   ' })).isError).toBe(true);
    expect((await mcp.client.listTools()).tools).toHaveLength(5);
  });

  it('never crosses projects: an entry of another project is not found', async () => {
    const other = mcp.door.store.ingest({
      scope: { project: '/elsewhere', session: 's' },
      class: 'log',
      original: 'secret plans of another project',
      summary: 's',
      tokensOriginal: 5,
      tokensSummary: 1,
      priority: 20,
    });
    expect((await call('fetch', { id: other.id })).isError).toBe(true);
    expect(text(await call('recall', { query: 'secret plans' }))).not.toContain(other.id);
  });
});
