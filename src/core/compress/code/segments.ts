import { condenseFrameLine } from './boilerplate.js';
import { scanFraming } from './framing.js';
import { detectNumberStyle, numberPrefix } from './numbering.js';

/** Lines of the tool or agent around the code, reproduced (condensed when long) as they were. */
export interface FrameSegment {
  kind: 'frame';
  lines: string[];
}

/** A run of code lines, with the viewer's line-number prefixes taken off. */
export interface CodeSegment {
  kind: 'code';
  /** The code itself, one entry per source line, without number prefixes. */
  lines: string[];
  /** The number prefix of each line (`"    12→"`); undefined for a line without one. Absent when unnumbered. */
  prefixes?: (string | undefined)[];
  /** The info string of the markdown fence around this code, if any. */
  fenceLanguage?: string;
  /**
   * Unnumbered lines amid numbered ones (SWE-agent's `<<<<< START CURSOR >>>>>`, the markers of an
   * earlier summary): blank to the parser, reproduced as they were when their row is shown.
   */
  verbatim?: Map<number, string>;
}

export type Segment = FrameSegment | CodeSegment;

export interface SourceView {
  segments: Segment[];
  /** The line ending the text used. */
  eol: '\n' | '\r\n';
  /** A file path named in the framing, when the tool output said one. */
  path?: string;
}

/** Splits a tool output into framing and code, and takes the line numbers off the code. */
export function splitSource(text: string): SourceView {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(/\r?\n/);
  const scan = scanFraming(lines);
  const candidates: number[] = [];
  lines.forEach((_, i) => {
    if (!scan.framing[i]) candidates.push(i);
  });
  const style = detectNumberStyle(lines, candidates, scan.viewerHeader);

  const prefixes: (string | undefined)[] = lines.map((line, i) =>
    style && !scan.framing[i] ? numberPrefix(line, style) : undefined,
  );
  const isFrame = [...scan.framing];
  if (style) {
    // Unnumbered lines outside the numbered run are the tool's words ("File updated. …").
    const numbered = prefixes.flatMap((p, i) => (p === undefined ? [] : [i]));
    const first = numbered[0] ?? 0;
    const last = numbered[numbered.length - 1] ?? -1;
    for (let i = 0; i < lines.length; i++) if (i < first || i > last) isFrame[i] = true;
  }

  const segments: Segment[] = [];
  let i = 0;
  while (i < lines.length) {
    if (isFrame[i]) {
      const frame: string[] = [];
      for (; i < lines.length && isFrame[i]; i++) {
        if (scan.dropped.has(i)) continue;
        const line = scan.condensed.get(i) ?? condenseFrameLine(lines[i] ?? '', scan.path);
        if (line !== undefined) frame.push(line);
      }
      segments.push({ kind: 'frame', lines: frame });
      continue;
    }
    const start = i;
    const code: string[] = [];
    const codePrefixes: (string | undefined)[] = [];
    const verbatim = new Map<number, string>();
    for (; i < lines.length && !isFrame[i]; i++) {
      const line = lines[i] ?? '';
      const prefix = prefixes[i];
      codePrefixes.push(prefix);
      if (prefix !== undefined) code.push(line.slice(prefix.length));
      else if (!style) code.push(line);
      else {
        if (line.trim() !== '') verbatim.set(code.length, line);
        code.push('');
      }
    }
    const fenceLanguage = scan.fenceLanguages.get(start);
    segments.push({
      kind: 'code',
      lines: code,
      ...(style ? { prefixes: codePrefixes } : {}),
      ...(fenceLanguage ? { fenceLanguage } : {}),
      ...(verbatim.size > 0 ? { verbatim } : {}),
    });
  }
  return { segments, eol, ...(scan.path ? { path: scan.path } : {}) };
}
