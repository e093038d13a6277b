import { describe, expect, it } from 'vitest';
import { longSessions, renderMarkdown, slug } from '../../../../src/doors/bench/report/markdown.js';
import { fixtureReport, foldedFixtureReport } from './report-fixture.js';
import { xmlProblems } from './xml.js';

const options = {
  command: 'gardener bench fixtures --window 250',
  chartDir: 'report-charts',
  machine: 'test machine',
  data: '`fixtures`',
};

describe('markdown report', () => {
  it('links SVG charts for cost against fidelity, cost, fidelity and each long session, and writes them as well-formed files', async () => {
    const { markdown, files } = renderMarkdown(await fixtureReport(), options);
    expect(files.map((f) => f.path)).toEqual([
      'report-charts/frontier.svg',
      'report-charts/cost.svg',
      'report-charts/fidelity.svg',
      'report-charts/context-1-fixtures-twelve-json.svg',
    ]);
    for (const f of files) {
      expect(markdown).toContain(`](${f.path})`);
      expect(xmlProblems(f.content), f.path).toEqual([]);
    }
    expect(files[3]?.content.match(/<polyline /g)).toHaveLength(4);
  });

  it('says how it was measured and lists every figure per strategy', async () => {
    const { markdown } = renderMarkdown(await fixtureReport(), options);
    expect(markdown).toContain('- Command: `gardener bench fixtures --window 250`');
    expect(markdown).toContain('- Machine: test machine');
    expect(markdown).toContain('| `mask` | 12 | 1,248 | 189 | 0 | 1,393 | 3.43× |');
    expect(markdown).toContain('<summary><code>summary</code>: 2 sessions</summary>');
    expect(markdown).toContain('## How it was measured');
    expect(markdown).toContain('- `fixtures/broken.jsonl`: invalid JSON at line 2');
  });

  it('charts only aggregated sessions, the longest first', async () => {
    const report = await fixtureReport();
    expect(longSessions(report).map((s) => s.label)).toEqual(['fixtures/twelve.json']);
    expect(slug('../shared/sessions/claude-code-log/A b.jsonl')).toBe(
      'shared-sessions-claude-code-log-a-b-jsonl',
    );
  });

  it('has a folds section: the folds beside the pooled figures, then every figure of each fold', async () => {
    const { markdown } = renderMarkdown(await foldedFixtureReport(), options);
    const section = markdown.slice(
      markdown.indexOf('## Folds'),
      markdown.indexOf('## Context size per call'),
    );
    expect(section).toMatch(/^\| fold \(held out\) \| sessions \| needles \| mask cost\/raw \|/m);
    expect(section.match(/^\| (alpha|beta|pooled) \|/gm)).toEqual(['| alpha |', '| beta |', '| pooled |']);
    expect(section).toContain('<summary><code>beta</code>: 1 session aggregated of 2</summary>');
    expect(section.match(/^\| `gardener` \|/gm)).toHaveLength(2);
    expect(renderMarkdown(await fixtureReport(), options).markdown).not.toContain('## Folds');
  });
});
