/**
 * Framing: the lines around (or between) the code that belong to the tool or agent, not the file —
 * mini-swe-agent's `<output>` tags, SWE-agent's `[File: …]` header, str_replace_editor's
 * "Here's the result of running `cat -n`", Claude Code's `<system-reminder>`, markdown fences.
 */

/** Tags that agents wrap around tool output, one or more on a line by themselves. */
const WRAPPER_TAGS =
  'returncode|output|output_head|output_tail|elided_chars|warning|system-reminder|stdout|stderr';
const TAG_ONLY_LINE = new RegExp(`^\\s*(?:</?(?:${WRAPPER_TAGS})>(?:-?\\d+</returncode>)?\\s*)+$`);
/** Single lines that are framing wherever they occur. */
const FRAME_LINES: readonly RegExp[] = [
  TAG_ONLY_LINE,
  /^\s*\d+ characters elided\s*$/,
  /^\[… \d+ characters elided …\]$/,
  /^\[File: .+\]\s*$/,
  /^\(\d+ more lines? (?:above|below)\)\s*$/,
  /^\[\d+ lines? (?:above|below) omitted\]\s*$/,
  /^Here's the result of running `cat -n` on .*:\s*$/,
  /^OBSERVATION:\s*$/,
  /^<response clipped>/,
];
/**
 * Multi-line blocks of agent prose: from the opening tag to the line holding the closing one.
 * `drop`: the harness's reminders to the model (Claude Code's malware note after every Read) say
 * nothing about the file and leave the summary entirely.
 */
const FRAME_BLOCKS: readonly { open: RegExp; close: string; tag: string; drop?: boolean }[] = [
  { open: /^\s*<warning>/, close: '</warning>', tag: 'warning' },
  { open: /^\s*<system-reminder>/, close: '</system-reminder>', tag: 'system-reminder', drop: true },
  { open: /^\s*<NOTE>/, close: '</NOTE>', tag: 'NOTE' },
];
const FENCE = /^\s*(?:```|~~~)\s*([\w+#.-]*)\s*$/;
/** Cheap first test: every framing line starts like this (most code lines do not). */
const MAYBE_FRAME = /^\s*(?:[<[(`~]|\d+ characters|Here's|OBSERVATION)/;
/** A framing block longer than this many lines is condensed to its tags and a count. */
const MAX_FRAME_BLOCK_LINES = 2;

export interface FrameScan {
  /** framing[i] is true when line i belongs to the tool, not to the file. */
  framing: boolean[];
  /** Lines that replace a framing block, keyed by its first line. */
  condensed: Map<number, string>;
  /** The other lines of condensed blocks: left out of the summary. */
  dropped: Set<number>;
  /** Info strings of markdown fences, keyed by the first line inside the fence. */
  fenceLanguages: Map<number, string>;
  /** A SWE-agent viewer header was seen (its `12:` numbering is then trusted). */
  viewerHeader: boolean;
  /** A file path named in the framing (`[File: /a/b.py …]`, "… on /a/b.py:"). */
  path?: string;
}

/** Marks the framing lines of a tool output. */
export function scanFraming(lines: readonly string[]): FrameScan {
  const framing = lines.map(() => false);
  const condensed = new Map<number, string>();
  const dropped = new Set<number>();
  const fenceLanguages = new Map<number, string>();
  let viewerHeader = false;
  let path: string | undefined;

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (!MAYBE_FRAME.test(line)) continue;
    const block = FRAME_BLOCKS.find((b) => b.open.test(line));
    if (block) {
      let end = i;
      while (end < lines.length - 1 && !(lines[end] ?? '').includes(block.close)) end++;
      if (!(lines[end] ?? '').includes(block.close)) end = i;
      for (let k = i; k <= end; k++) framing[k] = true;
      const count = end - i + 1;
      const closing = lines[end] ?? '';
      const closed = closing.includes(block.close);
      const after = closed ? closing.slice(closing.indexOf(block.close) + block.close.length) : '';
      if (block.drop && closed) {
        for (let k = i; k <= end; k++) dropped.add(k);
        if (after.trim() !== '') {
          dropped.delete(i);
          condensed.set(i, after);
        }
      } else if (count > MAX_FRAME_BLOCK_LINES) {
        condensed.set(i, `<${block.tag}>… ${count} lines${block.close}${after}`);
        for (let k = i + 1; k <= end; k++) dropped.add(k);
      }
      i = end;
      continue;
    }
    if (FRAME_LINES.some((re) => re.test(line))) {
      framing[i] = true;
      if (line.startsWith('[File: ')) viewerHeader = true;
      path ??= pathIn(line);
    }
  }
  markFences(lines, framing, fenceLanguages);
  return { framing, condensed, dropped, fenceLanguages, viewerHeader, ...(path ? { path } : {}) };
}

/** With two or more fences, only the lines inside fences are code: the rest is framing. */
function markFences(lines: readonly string[], framing: boolean[], fenceLanguages: Map<number, string>): void {
  const fences: number[] = [];
  lines.forEach((line, i) => {
    if (!framing[i] && MAYBE_FRAME.test(line) && FENCE.test(line)) fences.push(i);
  });
  if (fences.length < 2) return;
  const inside = lines.map(() => false);
  for (let k = 0; k + 1 < fences.length; k += 2) {
    const open = fences[k] ?? 0;
    const close = fences[k + 1] ?? 0;
    for (let i = open + 1; i < close; i++) inside[i] = true;
    const info = FENCE.exec(lines[open] ?? '')?.[1];
    if (info) fenceLanguages.set(open + 1, info);
  }
  for (let i = 0; i < lines.length; i++) if (!inside[i]) framing[i] = true;
}

const PATH_IN_FRAME = /(?:\[File: |running `cat -n` on )(\S+)/;

function pathIn(line: string): string | undefined {
  return PATH_IN_FRAME.exec(line)?.[1]?.replace(/[:\]]+$/, '');
}
