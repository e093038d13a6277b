/**
 * Injected context (recall results, notices) travels wrapped in markers and is stripped before
 * anything is ingested or re-sent as history (docs/DESIGN.md invariant 6).
 * The stripper is a small parser, not a regex: a region is removed only when a begin marker is
 * followed by an end marker with no other begin marker in between. Anything else (a lone begin,
 * a lone end, nesting) is left as it is, so user content is never dropped.
 */

export const INJECT_BEGIN = '<gardener-injected>';
export const INJECT_END = '</gardener-injected>';

/** Line breaks removed next to a stripped region (the separators the wrapper added). */
const MAX_SEPARATOR_BREAKS = 2;

/**
 * Anything in stored text that reads as one of the markers (any case, spaces inside the brackets):
 * a tool output holding `</gardener-injected>` would otherwise end gardener's region early, and what
 * follows it would read as typed by the user.
 */
const MARKER_LIKE = /<(\/?)\s*gardener-injected\s*>/gi;

/** The text with every marker look-alike made inert: `‹gardener-injected›`, `‹/gardener-injected›`. */
export function neutralizeMarkers(text: string): string {
  return /gardener-injected/i.test(text) ? text.replace(MARKER_LIKE, '‹$1gardener-injected›') : text;
}

/** Wraps text as an injected region; no marker inside it survives, so the region ends where gardener ends it. */
export function wrapInjected(text: string): string {
  return `${INJECT_BEGIN}\n${neutralizeMarkers(text)}\n${INJECT_END}`;
}

/** Quick test before parsing. */
export function hasInjectedMarker(text: string): boolean {
  return text.includes(INJECT_BEGIN);
}

export interface StripResult {
  text: string;
  /** Regions removed. */
  stripped: number;
}

/** Removes every well-formed injected region of a text; malformed markers stay untouched. */
export function stripInjected(text: string): StripResult {
  if (!text.includes(INJECT_BEGIN)) return { text, stripped: 0 };
  let out = '';
  let cursor = 0;
  let stripped = 0;
  let begin = text.indexOf(INJECT_BEGIN, cursor);
  while (begin !== -1) {
    const end = text.indexOf(INJECT_END, begin + INJECT_BEGIN.length);
    if (end === -1) break; // a begin without an end: keep the rest as it is
    const nextBegin = text.indexOf(INJECT_BEGIN, begin + INJECT_BEGIN.length);
    if (nextBegin !== -1 && nextBegin < end) {
      begin = nextBegin; // nested or unclosed begin: leave it, try the inner one
      continue;
    }
    let regionEnd = end + INJECT_END.length;
    let regionStart = begin;
    const after = skipBreaks(text, regionEnd, 1);
    if (after > regionEnd) regionEnd = after;
    else regionStart = skipBreaks(text, regionStart, -1, cursor);
    out += text.slice(cursor, regionStart);
    cursor = regionEnd;
    stripped++;
    begin = text.indexOf(INJECT_BEGIN, cursor);
  }
  if (stripped === 0) return { text, stripped: 0 };
  return { text: out + text.slice(cursor), stripped };
}

/** Position after (direction 1) or before (-1) up to MAX_SEPARATOR_BREAKS line breaks from `at`. */
function skipBreaks(text: string, at: number, direction: 1 | -1, floor = 0): number {
  let position = at;
  for (let n = 0; n < MAX_SEPARATOR_BREAKS; n++) {
    if (direction === 1) {
      if (text.startsWith('\r\n', position)) position += 2;
      else if (text[position] === '\n') position += 1;
      else break;
    } else {
      if (position - 2 >= floor && text.startsWith('\r\n', position - 2)) position -= 2;
      else if (position - 1 >= floor && text[position - 1] === '\n') position -= 1;
      else break;
    }
  }
  return position;
}
