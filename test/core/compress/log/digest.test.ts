import { describe, expect, it } from 'vitest';
import { compress } from '../../../../src/core/compress/index.js';
import { digestLog } from '../../../../src/core/compress/log/digest.js';
import { defaultTokenizer } from '../../../../src/core/tokens/tokenizer.js';

const tokenizer = defaultTokenizer();

/** A log of `lines` uniform lines, an error line every `every` lines (none when 0). */
function uniformLog(lines: number, every = 0): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++)
    out.push(
      every > 0 && i % every === every >> 1
        ? `ERROR step ${i}: record ${i} failed: checksum mismatch`
        : `step ${i}: processed record ${i} ok`,
    );
  return out.join('\n');
}

const digest = (text: string) => digestLog(text).text;
const headers = (summary: string) => summary.split('\n').filter((line) => line.startsWith('[log: '));

describe('the digest of a huge log', () => {
  it('gives a uniform log one header and one folded shape', () => {
    const summary = digest(uniformLog(200_000));
    expect(headers(summary)).toEqual(['[log: 200000 lines, 0 errors, 0 warnings]']);
    expect(summary).toContain('step 0: processed record 0 ok [×200000]');
    expect(summary.split('\n').slice(-2)).toEqual([
      'step 199998: processed record 199998 ok',
      'step 199999: processed record 199999 ok',
    ]);
    expect(tokenizer.count(summary)).toBeLessThan(150);
  });

  it('is what the log compressor gives a log past any context window, and only such a log', () => {
    const log = uniformLog(20_000, 400);
    expect(compress('log', log, { pastWindow: true }).text).toBe(digest(log));
    expect(compress('log', log).text).not.toBe(digest(log));
  });

  it('keeps error lines with their line numbers and counts every one', () => {
    const summary = digest(uniformLog(200_000, 4_000));
    expect(headers(summary)).toEqual(['[log: 200000 lines, 50 errors, 0 warnings]']);
    expect(summary).toContain('ERROR step 2000: record 2000 failed: checksum mismatch [×50]');
    expect(summary).toContain('[line 2001] ERROR step 2000: record 2000 failed: checksum mismatch');
    expect(summary.match(/^\[line \d+\] ERROR/gm)).toHaveLength(30);
    expect(summary).toContain('[… 20 more error and warning lines]');
    expect(tokenizer.count(summary)).toBeLessThan(1_000);
  });

  it('gives every error shape an example before one shape gets many', () => {
    const lines = uniformLog(100_000, 1_000).split('\n');
    lines[90_000] = 'FATAL disk /dev/sda1 is full';
    lines[95_000] = 'Traceback (most recent call last):';
    const summary = digest(lines.join('\n'));
    expect(summary).toContain('[line 90001] FATAL disk /dev/sda1 is full');
    expect(summary).toContain('[line 95001] Traceback (most recent call last):');
    expect(summary.match(/^\[line \d+\] /gm)).toHaveLength(30);
  });

  it('lists the most frequent shapes and counts the rest, with a bounded table of shapes', () => {
    // 5,000 shapes: a word that changes on every line (not a number, so each line has its own shape).
    const words = (i: number) => i.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!);
    const text = Array.from({ length: 60_000 }, (_, i) =>
      i % 12 === 0 ? `job ${words(i)} started` : `heartbeat ${i}`,
    ).join('\n');
    const summary = digest(text);
    expect(summary).toContain('heartbeat 1 [×55000]');
    const lines = summary.split('\n');
    const listed = lines.slice(lines.indexOf('[… lines by shape, the most frequent first:]') + 1);
    expect(listed.indexOf('[… 4991 lines of other shapes]')).toBe(10);
  });

  it('reads a line of any length as one line, by its start', () => {
    const long = `INFO ${'x'.repeat(5_000)} end`;
    const text = [long, long, 'ERROR it broke', long].join('\n');
    const summary = digest(text);
    expect(headers(summary)).toEqual(['[log: 4 lines, 1 error, 0 warnings]']);
    expect(summary).toContain('[line 3] ERROR it broke');
    expect(summary.split('\n').find((line) => line.endsWith(' [×3]'))?.length).toBeLessThan(220);
  });
});
