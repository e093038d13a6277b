import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passageText } from '../../../src/core/recall/passages.js';
import { recall } from '../../../src/core/recall/recall.js';
import { defaultTokenizer } from '../../../src/core/tokens/tokenizer.js';
import { entry, SCOPE, tempStore, type TempStore } from '../store/support.js';
import { unlike } from './support/unlike.js';

const flat = () => 1;

/** A file read as text-format agents print it: a label, a header naming the file, numbered lines. */
function catRead(file: string, lines: string[]): string {
  const body = lines.map((line, i) => `${String(i + 1).padStart(6)}\t${line}`);
  return ['OBSERVATION:', `Here's the result of running \`cat -n\` on ${file}:`, ...body].join('\n');
}

describe("a hit's passages name what the entry is", () => {
  it("shows the entry's title line after the best passage when the passage is from the middle", () => {
    const lines = Array.from({ length: 400 }, (_, i) => `    total_${unlike(i)} = compute(${i})`);
    lines[250] = '    def reconcile_ledger(self, batch):';
    const text = passageText(catRead('/repo/billing/ledger.py', lines), ['reconcile', 'batch'], flat) ?? '';
    const shown = text.split('\n');
    const title = shown.indexOf("[line 2] Here's the result of running `cat -n` on /repo/billing/ledger.py:");
    expect(shown.slice(0, title).join('\n')).toContain('def reconcile_ledger(self, batch):');
    expect(title).toBeGreaterThan(0);
  });

  it('takes the first line that says something, past markup and labels', () => {
    const lines = ['<returncode>0</returncode>', '<output>', 'listing of /srv/app/assets (212 files)'];
    for (let i = 0; i < 300; i++) lines.push(`asset_${unlike(i)}.png 4096`);
    lines.push('manifest_override.json 12');
    const text = passageText(lines.join('\n'), ['manifest', 'override'], flat) ?? '';
    expect(text).toContain('[line 3] listing of /srv/app/assets (212 files)');
    expect(text).not.toContain('returncode');
  });

  it("shows the start of a one-line original (a tool call's JSON) beside the window around the words", () => {
    const content = `${'filler line\\n'.repeat(3_000)}def settle_invoice(): pass\\n${'more\\n'.repeat(500)}`;
    const json = `{"file_path":"/repo/src/invoices.py","content":"${content}"}`;
    const text = passageText(json, ['settle', 'invoice'], flat) ?? '';
    expect(text).toContain('def settle_invoice()');
    expect(text).toContain('{"file_path":"/repo/src/invoices.py"');
  });

  it('leaves the title out when the passages show that line already', () => {
    const text =
      passageText('build report for shard alpha\nstep one ok\nshard alpha failed', ['shard'], flat) ?? '';
    expect(text.match(/build report for shard alpha/g)).toHaveLength(1);
  });

  it('shows a weaker window beside the best, down to a small share of it', () => {
    const lines = Array.from({ length: 400 }, (_, i) => `tick ${i}`);
    lines[99] = 'alpha beta gamma delta';
    lines[299] = 'delta only here';
    lines[349] = 'delta once more';
    const text = passageText(lines.join('\n'), ['alpha', 'beta', 'gamma', 'delta'], flat) ?? '';
    expect(text).toContain('alpha beta gamma delta');
    expect(text).toContain('delta only here');
  });

  it('shows more windows than four when the hit has room for them', () => {
    const lines = Array.from({ length: 900 }, (_, i) => `tick ${unlike(i)}`);
    for (let k = 0; k < 8; k++) lines[100 * k + 50] = `quota exceeded on shard ${k}`;
    const words = ['quota', 'exceeded'];
    const count = (room: number) =>
      (passageText(lines.join('\n'), words, flat, room) ?? '').match(/quota exceeded/g)?.length ?? 0;
    expect(count(1_500)).toBe(4);
    expect(count(6_000)).toBe(8);
  });

  it('shows more lines around the best one when given more room', () => {
    const lines = Array.from({ length: 600 }, (_, i) => `row ${i} ${unlike(i)} value=${(i * 7919) % 1000}`);
    lines[300] = 'row 300 checksum mismatch on replica';
    const small = passageText(lines.join('\n'), ['checksum', 'mismatch'], flat, 1_500) ?? '';
    const large = passageText(lines.join('\n'), ['checksum', 'mismatch'], flat, 6_000) ?? '';
    expect(small).not.toContain('row 380 ');
    expect(large).toContain('row 380 ');
    expect(large.length).toBeLessThanOrEqual(6_000);
  });
});

describe('recall gives a hit the budget its neighbours leave', () => {
  let t: TempStore;
  beforeAll(() => {
    t = tempStore();
    // The fact sits 60 lines below the line the question matches: beyond one hit's usual share.
    const lines = Array.from({ length: 500 }, (_, i) => `2026-03-14 heartbeat ok seq=${i}`);
    lines[200] = '2026-03-14 worker 4 migration batch started';
    lines[260] = '2026-03-14 rollback token RB-5521-ZX written';
    t.store.ingest(entry({ original: lines.join('\n'), class: 'log', sourceTool: 'Bash' }));
    for (const note of ['migration plan reviewed', 'migration batch size is 500', 'batch window: nights']) {
      t.advance(60_000);
      t.store.ingest(entry({ original: note, class: 'prose', sourceTool: 'Read' }));
    }
  });
  afterAll(() => t.close());

  it('shows more of a long hit when the other hits are short, within the budget', () => {
    const tokenizer = defaultTokenizer();
    const result = recall(t.store, 'the migration batch of worker 4', SCOPE, { touch: false, tokenizer });
    const long = result.hits.find((h) => h.class === 'log');
    expect(long?.text).toContain('RB-5521-ZX');
    const used = result.hits.reduce((n, h) => n + tokenizer.count(h.text), 0);
    expect(used).toBeLessThanOrEqual(2_000);
    expect(result.truncated).toBe(false);
  });

  it('gives the first of several long hits more room than the later ones', () => {
    const u = tempStore();
    try {
      const long = (tag: string) =>
        Array.from({ length: 800 }, (_, i) => `${tag} ${i} compaction pass done in ${i} ms`).join('\n');
      for (const tag of ['alpha', 'beta', 'gamma']) {
        u.store.ingest(entry({ original: long(tag), class: 'log', sourceTool: 'Bash' }));
        u.advance(60_000);
      }
      const hits = recall(u.store, 'compaction pass', SCOPE, { touch: false }).hits;
      expect(hits).toHaveLength(3);
      const sizes = hits.map((h) => h.text.length);
      expect(sizes[0]).toBeGreaterThan(sizes[2] ?? 0);
    } finally {
      u.close();
    }
  });
});
