import { debug } from '../../../debug.js';
import type { CompressContext, Compressor, Summary } from '../types.js';
import {
  isParsed,
  languageFromPath,
  normalizeLanguage,
  sniffLanguage,
  type CodeLanguage,
} from './language.js';
import { capOutline, isMinified, layOut } from './minified.js';
import { prefixNumber } from './numbering.js';
import { MAX_USEFUL_SHARE, outlineSegment } from './outline-segment.js';
import { splitSource, type CodeSegment, type SourceView } from './segments.js';

export { topLevelDeclarationNames } from './names.js';
export { languageFromPath, normalizeLanguage, sniffLanguage, type CodeLanguage } from './language.js';

/** Code with fewer lines than this is left as it is: an outline would not be shorter. */
const MIN_CODE_LINES = 8;

/**
 * Outlines code: imports, exports, types and signatures stay, bodies fold into markers that say
 * how many lines (or which lines, when the viewer numbered them) they hide. Understands the
 * viewers agents read files with (Claude Code Read, `cat -n`, `nl`, SWE-agent, mini-swe-agent,
 * fenced blocks). Never throws, never lengthens.
 */
export const compressCode: Compressor = (text: string, context: CompressContext): Summary => {
  try {
    return summarize(text, context);
  } catch (error) {
    debug('compress/code', 'outline failed; original kept', { message: String(error) });
    return { text, helped: false, note: 'code: outline failed' };
  }
};

function summarize(text: string, context: CompressContext): Summary {
  const source = splitSource(text);
  const hint = languageHint(context, source);
  const { view, minified, laid } = laidOut(source, hint);
  const codeLines = view.segments.reduce((n, s) => n + (s.kind === 'code' ? s.lines.length : 0), 0);
  // Short code stays as it is; only its framing may shrink (the harness's boilerplate).
  if (codeLines < MIN_CODE_LINES && !minified) return framingOnly(text, view);

  const keep = new Set(context.keep ?? []);
  const out: string[] = [];
  const methods = new Set<string>();
  let language: CodeLanguage | undefined;
  for (const segment of view.segments) {
    if (segment.kind === 'frame') {
      out.push(...segment.lines);
      continue;
    }
    const segmentLanguage = hint ?? fenceLanguage(segment) ?? sniffLanguage(segment.lines);
    const numberOf = segment.prefixes ? numberReader(segment.prefixes) : undefined;
    const outline = outlineSegment(segment.lines, {
      language: segmentLanguage,
      keep,
      ...(numberOf ? { numberOf } : {}),
      ...(laid ? { unindented: true } : {}),
    });
    language ??= outline.language;
    for (const method of outline.methods) methods.add(method);
    out.push(...withPrefixes(outline.lines, segment));
  }
  // Blank lines left where framing was dropped (a trailing reminder): one ends the text, enough.
  while (
    out.length > 1 &&
    (out[out.length - 1] ?? '').trim() === '' &&
    (out[out.length - 2] ?? '').trim() === ''
  )
    out.pop();
  const shown = minified ? capOutline(out) : out;
  const summary = shown.join(view.eol);
  // Nothing but comments (left out without markers) would leave nothing: keep the original.
  // Code laid out from minified source is measured without the indentation it was given.
  const measured = laid ? summary.replace(/^[ \t]+/gm, '').length : summary.length;
  if (summary.trim() === '' || measured > text.length * MAX_USEFUL_SHARE) return { text, helped: false };
  const what = laid ? `minified, laid out on ${codeLines}` : `${codeLines}`;
  const note = `${language ?? 'code'} outline (${[...methods].join(' + ')}): ${what} → ${shown.length} lines`;
  return { text: summary, helped: true, note };
}

/**
 * The view with each minified code segment laid out on rows by its syntax tree (its line numbers,
 * one or two for a whole bundle, go). `minified`: a segment was minified; `laid`: one was laid out.
 */
function laidOut(view: SourceView, hint: CodeLanguage | undefined): Layout {
  const layout: Layout = { view, minified: false, laid: false };
  const segments = view.segments.map((segment) => {
    if (segment.kind !== 'code' || !isMinified(segment.lines)) return segment;
    layout.minified = true;
    const language = hint ?? fenceLanguage(segment) ?? sniffLanguage(segment.lines);
    // Unlabelled minified code is most often a JavaScript bundle: its parse tells.
    const grammar = isParsed(language) ? language : language === 'other' ? 'javascript' : undefined;
    const lines = grammar === undefined ? undefined : layOut(segment.lines.join('\n'), grammar);
    if (lines === undefined) return segment;
    layout.laid = true;
    return { kind: 'code' as const, lines };
  });
  return { ...layout, view: { ...view, segments } };
}

interface Layout {
  view: SourceView;
  minified: boolean;
  laid: boolean;
}

/** The code as it was, between condensed framing: kept when that alone saves enough. */
function framingOnly(text: string, view: SourceView): Summary {
  const out: string[] = [];
  for (const segment of view.segments) {
    if (segment.kind === 'frame') out.push(...segment.lines);
    else
      segment.lines.forEach((line, row) =>
        out.push(segment.verbatim?.get(row) ?? (segment.prefixes?.[row] ?? '') + line),
      );
  }
  const summary = out.join(view.eol);
  if (summary.trim() === '' || summary.length > text.length * MAX_USEFUL_SHARE)
    return { text, helped: false };
  return { text: summary, helped: true, note: 'code: framing condensed' };
}

/** Language from the caller, the path (given or named in the output), or the command's file. */
function languageHint(context: CompressContext, view: SourceView): CodeLanguage | undefined {
  if (context.language !== undefined && context.language.trim() !== '') {
    return normalizeLanguage(context.language) ?? 'other';
  }
  for (const path of [context.path, view.path]) {
    if (path === undefined || !/\.\w+$/.test(path)) continue;
    // A known extension of another kind (.html, .css, .sql…) is folded by indentation, not sniffed.
    return languageFromPath(path) ?? 'other';
  }
  for (const path of pathsIn(context.command)) {
    const language = languageFromPath(path);
    if (language) return language;
  }
  return undefined;
}

function pathsIn(command: string | undefined): string[] {
  return command ? [...command.matchAll(/[\w./-]+\.\w+\b/g)].map((m) => m[0]) : [];
}

function fenceLanguage(segment: CodeSegment): CodeLanguage | undefined {
  return segment.fenceLanguage === undefined ? undefined : normalizeLanguage(segment.fenceLanguage);
}

function numberReader(prefixes: readonly (string | undefined)[]): (row: number) => number | undefined {
  return (row) => {
    const prefix = prefixes[row];
    return prefix === undefined ? undefined : prefixNumber(prefix);
  };
}

/**
 * Puts the viewer's number prefixes back without their padding (`42→`, not `    42→`: the spaces
 * cost tokens and tell nothing); blank lines go (their numbers tell the gap), and marker lines
 * carry no prefix (their label names the lines they hide).
 */
function withPrefixes(
  lines: readonly { row: number | undefined; text: string }[],
  segment: CodeSegment,
): string[] {
  const { prefixes } = segment;
  if (!prefixes) return collapseBlankRuns(lines.map((l) => l.text));
  const out: string[] = [];
  for (const line of lines) {
    const verbatim = line.row === undefined ? undefined : segment.verbatim?.get(line.row);
    if (verbatim !== undefined && line.text.trim() === '') out.push(verbatim);
    if (line.text.trim() === '') continue;
    const prefix = line.row === undefined ? undefined : prefixes[line.row];
    out.push((prefix?.trimStart() ?? '') + line.text);
  }
  return out;
}

function collapseBlankRuns(lines: readonly string[]): string[] {
  return lines.filter((line, i) => line.trim() !== '' || i === 0 || (lines[i - 1] ?? '').trim() !== '');
}
