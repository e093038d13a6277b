import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  passageText,
  rankPassages,
  splitLines,
  tokensByLine,
  lineWeights,
} from '../../../src/core/recall/passages.js';
import { recall } from '../../../src/core/recall/recall.js';
import { formatRecallText } from '../../../src/core/recall/format.js';
import { entry, SCOPE, tempStore, type TempStore } from '../store/support.js';
import { serviceLog, SETTLEMENT_REF } from '../../support/service-log.js';
import { unlike } from './support/unlike.js';

describe('passages of one original', () => {
  const flat = () => 1;

  it('shows the line holding the rare word over a hundred look-alikes that hold the common ones', () => {
    const log = serviceLog();
    const text = passageText(log.text, ['settlement', 'ref', 'payments', 'error'], flat) ?? '';
    const [label, ...rest] = text.split(/\n(?=\[lines? )/)[0]?.split('\n') ?? [];
    expect(rest.join('\n')).toContain(SETTLEMENT_REF);
    const [, a, b] = /^\[lines (\d+)-(\d+)\]$/.exec(label ?? '') ?? [];
    expect(Number(a)).toBeLessThanOrEqual(log.errorLine);
    expect(Number(b)).toBeGreaterThanOrEqual(log.errorLine);
  });

  it('shows several windows of one entry when each matches, best first, with line numbers', () => {
    const lines = Array.from({ length: 400 }, (_, i) => `step ${i} ${unlike(i)} ok`);
    lines[99] = 'retry budget exhausted for shard alpha';
    lines[299] = 'retry budget exhausted for shard beta';
    const text = passageText(lines.join('\n'), ['retry', 'budget', 'exhausted'], flat) ?? '';
    const windows = text.split(/\n(?=\[lines? )/).filter((w) => w.startsWith('[lines '));
    expect(windows).toHaveLength(2);
    expect(windows[0]).toMatch(/^\[lines (9\d)-(1\d\d)\]\n/);
    expect(windows[0]).toContain('\nretry budget exhausted for shard alpha\n');
    expect(windows[1]).toMatch(/^\[lines (29\d)-(3\d\d)\]\n/);
    expect(windows[1]).toContain('\nretry budget exhausted for shard beta\n');
    expect(text).not.toContain('step 200 ');
  });

  it("shows a file read's lines without a second number when they carry their own", () => {
    const read = Array.from(
      { length: 300 },
      (_, i) => `${String(i + 1001).padStart(6)}\tconst step${i} = ${i};`,
    );
    read[149] = `${String(1150).padStart(6)}\tconst LATE_FEE_BASIS_POINTS = 275;`;
    const text = passageText(read.join('\n'), ['late', 'fee', 'basis', 'points'], flat) ?? '';
    expect(text).toContain('  1150\tconst LATE_FEE_BASIS_POINTS = 275;');
    expect(text).not.toMatch(/^\s*\d+\| /m);
  });

  it('cuts a very long line to a window around its words', () => {
    const line = `${'{"k":1},'.repeat(5_000)}"needle_key":"found here"${',{"k":2}'.repeat(5_000)}`;
    const text = passageText(`head\n${line}\ntail`, ['needle', 'key'], flat) ?? '';
    expect(text).toContain('"needle_key":"found here"');
    // Cut to the room (the default, 1,500 characters), not shown whole.
    expect(text.length).toBeLessThanOrEqual(1_500);
  });

  it('is undefined when no word occurs', () => {
    expect(passageText('nothing to see\nhere', ['absent'], flat)).toBeUndefined();
  });

  it('drops windows much weaker than the best', () => {
    const lines = splitLines(['alpha beta gamma', 'x', 'x', 'x', 'x', 'alpha'].join('\n'));
    const byLine = tokensByLine(lines.texts.join('\n'), lines, ['alpha', 'beta', 'gamma']);
    const weights = lineWeights(byLine, lines.texts.length, () => 1);
    expect(rankPassages(byLine, weights, lines.texts.length).map((p) => p.first)).toEqual([1]);
  });
});

describe('recall shows the passage that holds the fact', () => {
  let t: TempStore;
  beforeAll(() => {
    t = tempStore();
    const log = serviceLog();
    t.store.ingest(
      entry({ original: log.text, class: 'log', sourceTool: 'Bash', sourcePath: 'logs/service.log' }),
    );
    t.advance(60_000);
    t.store.ingest(
      entry({
        original: 'export const RETRY_LIMIT = 7;\nexport const PAYOUT_WINDOW_DAYS = 3;\n',
        class: 'code',
      }),
    );
  });
  afterAll(() => t.close());

  it('answers a descriptive question with the ERROR line, not a WARN look-alike', () => {
    const result = recall(t.store, 'What was the settlement ref of the payments error?', SCOPE, {
      touch: false,
    });
    const output = formatRecallText(result);
    expect(result.hits[0]?.sourcePath).toBe('logs/service.log');
    expect(output).toContain(SETTLEMENT_REF);
  });
});
