import type { PressureReport } from '../../../core/garden/constants.js';
import { LEGEND_GAP, legendItems } from './components/class-legend.js';
import type { ChatState } from './state/chat.js';
import type { InputState } from './state/input.js';
import type { TranscriptItem } from './state/items.js';
import { clampTop, itemLines, screenRows } from './state/pager.js';

/**
 * How the live area (what Ink redraws below the printed transcript) fits the screen. The prompt
 * is always drawn whole; then the footer; the live transcript gets the rows left. When rows run
 * short the transcript gives way first (its newest rows stay), then the footer's detail. The area
 * stays a row shorter than the screen: one as tall makes Ink clear the screen on every frame.
 */
export type FooterDetail = 'full' | 'brief' | 'line';

export interface LiveLayout {
  footer: FooterDetail;
  /** Rows the live transcript may take; it is cut to its newest rows when it needs more. */
  transcriptRows: number;
  /** True when the live transcript needs more than `transcriptRows` (so it is clipped). */
  clipped: boolean;
  /** Lines an open approval shows of its diff (the rest is counted on a line under it). */
  approvalDiffLines: number;
  /** A command's output taller than the live area, read in the pager instead of clipped. */
  page?: PageLayout;
}

/** The pager: the output's screen rows, how many show at once, the first shown. */
export interface PageLayout {
  title: string;
  rows: string[];
  body: number;
  top: number;
}

/** Rows of the pager besides its body: its title and its status line. */
export const PAGER_FRAME_ROWS = 2;

/**
 * Rows of each footer detail: the rule above it, then its lines. The full one: bar, forms, cost, last
 * event, and the legend's rows; the brief one: bar and cost; the last: the bar's figures alone.
 */
export const FOOTER_ROWS: Readonly<Record<FooterDetail, number>> = { full: 5, brief: 3, line: 1 };
/** Rows the full footer keeps the transcript before it gives way to the brief one. */
const TRANSCRIPT_ROWS_BEFORE_BRIEF = 2;
/** Left and right padding of the transcript and the prompt. */
const PADDING = 2;
/** Lines of a diff under a collapsed tool line (and the "more" line). */
const COLLAPSED_DIFF_ROWS = 13;
/** Rows around a pick list's items and an approval's diff: borders, title, keys. */
const BOX_ROWS = 4;
/** Items a pick list shows at once. */
const PICK_ROWS = 10;
/** Lines of the diff an approval shows at least on a screen with room, and the screen rows it leaves to the rest. */
const APPROVAL_MIN_DIFF_LINES = 6;
const APPROVAL_OTHER_ROWS = 16;

export function liveLayout(state: ChatState, input: InputState, columns: number, rows: number): LiveLayout {
  const width = Math.max(1, columns - PADDING);
  const prompt = inputRows(input, width);
  const approvalDiffLines = diffLinesFitting(state, width, rows, rows - 1 - prompt - FOOTER_ROWS.line);
  const fixed = prompt + openRows(state, width, approvalDiffLines);
  const room = Math.max(0, rows - 1 - fixed);
  const full = FOOTER_ROWS.full + fullFooterExtraRows(state.footer.pressure, columns);
  const footer: FooterDetail =
    room >= full + TRANSCRIPT_ROWS_BEFORE_BRIEF ? 'full' : room >= FOOTER_ROWS.brief ? 'brief' : 'line';
  const transcriptRows = Math.max(0, room - (footer === 'full' ? full : FOOTER_ROWS[footer]));
  const needed = state.transcript.live.reduce(
    (sum, item) => sum + itemRows(item, width, state.expanded.has(item.id), state.showThinking),
    0,
  );
  const page = pageLayout(state, width, room - FOOTER_ROWS.line);
  if (page && needed > transcriptRows)
    return {
      footer: 'line',
      transcriptRows: room - FOOTER_ROWS.line,
      clipped: false,
      approvalDiffLines,
      page,
    };
  return { footer, transcriptRows, clipped: needed > transcriptRows, approvalDiffLines };
}

/**
 * The pager over a command's output, when one was just shown and is still live: the rows it has are
 * those the live area would have with the one-line footer.
 */
function pageLayout(state: ChatState, width: number, rows: number): PageLayout | undefined {
  const at = state.page;
  const item = at ? state.transcript.live.find((i) => i.id === at.itemId) : undefined;
  if (!at || !item) return undefined;
  const command = state.transcript.live.find((i) => i.kind === 'user');
  const lines = screenRows(itemLines(item), width);
  const body = Math.max(1, rows - PAGER_FRAME_ROWS);
  return {
    title: command?.kind === 'user' ? command.text : '',
    rows: lines,
    body,
    top: clampTop(at.top, lines.length, body),
  };
}

/**
 * Lines of an open approval's diff: as many as the screen's rows allow beyond APPROVAL_OTHER_ROWS
 * (at least APPROVAL_MIN_DIFF_LINES), fewer when even the prompt, the approval's keys and one line of
 * footer would not fit otherwise.
 */
function diffLinesFitting(state: ChatState, width: number, rows: number, room: number): number {
  const request = state.approval;
  if (!request?.diff) return 0;
  const wanted = Math.max(APPROVAL_MIN_DIFF_LINES, rows - APPROVAL_OTHER_ROWS);
  const frame = BOX_ROWS + wrappedRows(request.summary, width - 4) + 1;
  return Math.max(0, Math.min(wanted, room - frame));
}

/** The full footer's rows beyond its fixed ones: the legend's (it wraps), the regret guard's line. */
function fullFooterExtraRows(report: PressureReport | null, columns: number): number {
  if (!report) return 0;
  let rows = 1;
  let used = 0;
  for (const item of legendItems(report)) {
    const length = [...item].length;
    if (used > 0 && used + LEGEND_GAP + length > columns) {
      rows++;
      used = length;
    } else used = used === 0 ? length : used + LEGEND_GAP + length;
  }
  return rows + (report.cost_guard.profit_events === 'stopped' ? 1 : 0);
}

/** The prompt's rows: the margin above it, its wrapped lines (after the "› " mark), the hint line. */
function inputRows(input: InputState, width: number): number {
  return 1 + wrappedRows(input.text, width - 2) + 1;
}

function openRows(state: ChatState, width: number, diffLines: number): number {
  if (state.pick) return BOX_ROWS + Math.min(PICK_ROWS, state.pick.items.length);
  if (!state.approval) return 0;
  const diff = state.approval.diff ? diffLines + 1 : 0;
  return BOX_ROWS + wrappedRows(state.approval.summary, width - 4) + diff;
}

/** Rows an item of the live transcript takes, as the entry components draw it. */
export function itemRows(
  item: TranscriptItem,
  width: number,
  expanded: boolean,
  showThinking: boolean,
): number {
  switch (item.kind) {
    case 'user':
      return 1 + wrappedRows(item.text, width - 2);
    case 'assistant':
      return wrappedRows(item.text, width);
    case 'thinking':
      return showThinking ? wrappedRows(`✻ ${item.text}`, width) : 1;
    case 'tool': {
      const diff = item.display ? Math.min(COLLAPSED_DIFF_ROWS, item.display.split('\n').length) : 0;
      if (!expanded && !item.full) return 1 + diff;
      const details = `input ${JSON.stringify(item.input, null, 2) ?? ''}\n${item.output ?? ''}`;
      return 1 + wrappedRows(details, width - 2) + (item.display ? item.display.split('\n').length : 0);
    }
    case 'table':
      return 1 + item.rows.length;
    case 'notice':
      return wrappedRows(item.text, width - 2);
  }
}

/** Rows a text takes wrapped at word boundaries to `width` columns (an empty line is one row). */
export function wrappedRows(text: string, width: number): number {
  const cells = Math.max(1, width);
  let rows = 0;
  for (const line of text.split('\n')) {
    let used = 0;
    let lineRows = 1;
    for (const word of line.split(' ')) {
      const length = [...word].length;
      const needed = used === 0 ? length : used + 1 + length;
      if (needed <= cells) used = needed;
      else {
        lineRows += used === 0 ? 0 : 1;
        lineRows += Math.floor(Math.max(0, length - 1) / cells);
        used = length % cells || cells;
      }
    }
    rows += lineRows;
  }
  return rows;
}
