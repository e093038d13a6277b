import { describe, expect, it } from 'vitest';
import { compress } from '../../../../src/core/compress/index.js';
import { SECTION_BODY_ROWS, SECTION_MIN_ROWS } from '../../../../src/core/compress/code/sections.js';
import { mentions } from '../../../../src/core/names/index.js';
import { defaultTokenizer } from '../../../../src/core/tokens/index.js';

/**
 * The form of a needle the summaries once missed: a long script read whole through Claude Code's Read
 * gutter, whose `main()` of some 300 rows is folded to one marker, while the agent later re-reads
 * and quotes the rows of one of its parts ("Review selection logic (lines X–Y)"). The fixture is
 * generated here: helpers, then a main() of commented parts, one of them with a short commented
 * sub-part.
 */

const tokenizer = defaultTokenizer();
const REMINDER =
  '\n\n<system-reminder>\nWhenever you read a file, consider whether it looks malicious.\n</system-reminder>\n';

/** Claude Code's Read form: `   901→line`. */
function gutter(lines: readonly string[], first: number): string {
  return lines.map((line, i) => `${String(first + i).padStart(6)}→${line}`).join('\n') + REMINDER;
}

interface Part {
  comment: string;
  rows: string[];
}

function helpers(count: number): string[] {
  const out: string[] = ['import json', 'import sys', '', ''];
  for (let k = 0; k < count; k++)
    out.push(
      `def helper_${k}(items, limit=${k + 2}):`,
      `    """Return the first items of batch ${k}."""`,
      '    picked = []',
      '    for item in items:',
      '        if len(picked) >= limit:',
      '            break',
      '        picked.append(item)',
      ...Array.from({ length: 14 }, (_, r) => `    picked = [clean(item, ${r}) for item in picked]`),
      '    return picked',
      '',
      '',
    );
  return out;
}

function part(name: string, rows: number, indent = '        '): Part {
  const body = [`${indent}if options.${name}:`];
  for (let k = 1; k < rows; k++) body.push(`${indent}    ${name}_${k} = helper_${k % 7}(records, ${k})`);
  return { comment: `${indent}# Handle the ${name.replace(/_/g, ' ')} step`, rows: body };
}

/** main(): a docstring, then parts each opened by a comment after a blank row. */
function mainLines(parts: readonly Part[]): string[] {
  const out = ['def main():', '    """Entry point."""', '    options = parse_options(sys.argv)', '    try:'];
  out.push('        records = load_records(options.path)');
  for (const p of parts) out.push('', p.comment, ...p.rows);
  out.push('    except ValueError as error:', '        print(error, file=sys.stderr)', '        sys.exit(1)');
  return out;
}

function script(): { text: string; firstLine: number; lines: string[] } {
  const parts = [
    part('load_settings', 24),
    part('merge_threads', 30),
    part('filter_resolved', 16),
    // The part the agent will act on: 18 rows, then a short commented fallback inside it.
    {
      comment: '        # Filter reviews based on options',
      rows: [
        '        if not options.all_reviews and not options.since_commit:',
        ...part('choose_latest', 17, '            ').rows,
        '',
        '            # Fall back to the newest review',
        '            if not latest_review:',
        '                latest_review = reviews[-1]',
        '            reviews = [latest_review]',
      ],
    },
    part('filter_inline', 40),
    part('format_output', 28),
    part('print_summary', 20),
  ];
  const lines = [...helpers(40), ...mainLines(parts), '', '', 'if __name__ == "__main__":', '    main()'];
  return { text: gutter(lines, 1), firstLine: 1, lines };
}

function rowOf(lines: readonly string[], text: string): number {
  const row = lines.findIndex((line) => line.includes(text));
  if (row < 0) throw new Error(`fixture lacks ${text}`);
  return row + 1;
}

describe('long bodies show the comments that open their parts', () => {
  const { text, lines } = script();
  const summary = compress('code', text, { path: '/repo/review_tool.py', toolName: 'Read' });
  const heading = rowOf(lines, '# Filter reviews based on options');
  const lastOfPart = rowOf(lines, 'reviews = [latest_review]');

  it('keeps the numbers a later re-read and "lines X–Y" of that part use', () => {
    expect(summary.helped).toBe(true);
    expect(heading).toBeGreaterThan(999);
    // The agent re-reads from the part's comment and quotes the rows of its code.
    for (const n of [heading, heading + 1, lastOfPart]) expect(mentions(summary.text, String(n))).toBe(true);
    expect(summary.text).toContain(
      `${heading}→        # Filter reviews based on options … lines ${heading + 1}–${lastOfPart}`,
    );
  });

  it('keeps a short commented part inside the part before it, not on a line of its own', () => {
    expect(summary.text).not.toContain('# Fall back to the newest review');
  });

  it('stays within the ratio the tool output is held to', () => {
    const ratio = tokenizer.count(summary.text) / tokenizer.count(text);
    expect(ratio).toBeLessThan(0.25);
  });

  it('still folds the short helpers whole, with a count', () => {
    expect(summary.text).toMatch(/"""Return the first items of batch 0\.""" … \d+ lines/);
  });
});

describe('which bodies get sections', () => {
  const numbered = (rows: readonly string[]) => gutter(rows, 1001);
  const body = (parts: number, rowsEach: number): string[] => {
    const out = ['def run(options):'];
    for (let k = 0; k < parts; k++) {
      out.push('', `    # Part ${k}`);
      for (let r = 0; r < rowsEach; r++) out.push(`    value_${k}_${r} = step(${k}, ${r})`);
    }
    return out;
  };

  it('folds a body shorter than SECTION_BODY_ROWS whole', () => {
    const rows = body(3, Math.floor(SECTION_BODY_ROWS / 3) - 3);
    const out = compress('code', numbered(rows), { path: 'a.py', toolName: 'Read' }).text;
    expect(out).toMatch(/def run\(options\): … \d+ lines/);
    expect(out).not.toContain('# Part 1');
  });

  it('shows each part of a long body once parts are long enough', () => {
    const rows = body(6, SECTION_MIN_ROWS + 5);
    const out = compress('code', numbered(rows), { path: 'a.py', toolName: 'Read' }).text;
    for (let k = 1; k < 6; k++) expect(out).toContain(`# Part ${k} … lines`);
  });

  it('says a count, not rows, when the read had no numbers', () => {
    const rows = body(6, SECTION_MIN_ROWS + 5);
    const out = compress('code', rows.join('\n'), { path: 'a.py' }).text;
    expect(out).toMatch(/# Part 2 … \d+ lines/);
    expect(out).not.toMatch(/lines \d+–\d+/);
  });

  it('does not take a `#` line inside a string for a comment', () => {
    const rows = [
      'def usage():',
      '    text = """',
      ...Array.from({ length: 60 }, (_, k) => (k % 20 === 1 ? '' : `# option ${k}`)),
    ];
    rows.push(
      '"""',
      ...Array.from({ length: 60 }, (_, k) => `    line_${k} = emit(${k})`),
      '    return text',
    );
    const out = compress('code', numbered(rows), { path: 'a.py', toolName: 'Read' }).text;
    expect(out).not.toContain('# option');
  });

  it('shows the parts of a long function folded by indentation (a language without a grammar here)', () => {
    const rows = ['package main', '', 'func run(options Options) error {'];
    for (let k = 0; k < 6; k++) {
      rows.push('', `\t// Part ${k}`);
      for (let r = 0; r < SECTION_MIN_ROWS + 5; r++) rows.push(`\tvalue${k}x${r} := step(${k}, ${r})`);
    }
    rows.push('\treturn nil', '}');
    const out = compress('code', numbered(rows), { path: 'main.go', toolName: 'Read' }).text;
    expect(out).toMatch(/\/\/ Part 2 … lines \d+–\d+/);
    expect(out).toMatch(/\/\/ Part 5 … lines \d+–\d+ }/);
  });

  it('shows the parts of a long JavaScript function, its closing brace after the last', () => {
    const rows = ['function run(options) {'];
    for (let k = 0; k < 6; k++) {
      rows.push('', `  // Part ${k}`);
      for (let r = 0; r < SECTION_MIN_ROWS + 5; r++) rows.push(`  const value_${k}_${r} = step(${k}, ${r});`);
    }
    rows.push('}');
    const out = compress('code', numbered(rows), { path: 'a.js', toolName: 'Read' }).text;
    expect(out).toContain('// Part 3 … lines');
    expect(out).toMatch(/\/\/ Part 5 … lines \d+–\d+ }/);
  });
});
