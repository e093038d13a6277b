import { unwrapToolOutput } from '../transcript/index.js';
import { analyseCommand } from './command.js';
import { detectDataFormat } from './data-format.js';
import { kindOfLanguage, languageOfPath } from './language.js';
import { fileViewPath, profileText, stripGutters, type TextProfile } from './profile.js';
import { detectTestRunner } from './test-runners.js';
import { sample } from './text.js';
import { editorCommand, hintCommand, hintPath, toolFamily } from './tools.js';
import type { ClassifyHints, ContentClass } from './types.js';

/** Share of lines in stack traces above which a text is an error rather than a log holding one. */
const TRACE_DOMINANT = 0.4;
/** Share of gutter-numbered lines above which a text is a file listing (code, unless it reads as prose). */
const NUMBERED_SHARE = 0.6;
/** Share of diff lines (headers count triple) above which a text is a diff, compressed as a log. */
const DIFF_SHARE = 0.5;
/** Share of code-like lines a text needs to be code on content alone. */
const CODE_SHARE = 0.35;
/** Share of lines that must read as sentences for text to be prose rather than the fallback. */
const PROSE_MIN_SHARE = 0.2;
/** An is_error result longer than this many lines that reads as a log stays a log. */
const LONG_LOG_LINES = 40;
/** Short error messages from tools that read files ("No such file…") are errors, not code. */
const FILE_ERROR =
  /^(?:<tool_use_error>|Error\b|error:|.*(?:No such file or directory|does not exist|not found|Permission denied|is a directory|EISDIR|ENOENT))/i;
/** Short outputs that are a file read's error rather than its content. */
const FILE_ERROR_MAX_LINES = 3;

/**
 * Classifies a block's text: `prompt` for what the user typed, else log, code, structured, prose
 * or error, from tool hints (tool name, path, command, is_error) and a regex battery over a
 * bounded sample of the text. Deterministic and fast on any input size.
 */
export function classify(text: string, hints: ClassifyHints): ContentClass {
  if (hints.isUserTyped === true) return 'prompt';
  const unwrapped = unwrapToolOutput(text);
  // Formats without tool blocks put tool output in user text: an agent's envelope, a command /
  // tool hint, or the caller's word that the user did not type it says the text is tool output
  // all the same.
  const isToolOutput =
    hints.blockType === 'tool_result' ||
    unwrapped.kind !== 'none' ||
    hints.command !== undefined ||
    hints.toolName !== undefined ||
    (hints.role === 'user' && hints.isUserTyped === false);
  if (!isToolOutput) return classifyMessageText(unwrapped.body, hints);
  return classifyToolOutput(unwrapped.body, hints);
}

/** Text of a message (not a tool result): assistant text is prose unless it is pure data. */
function classifyMessageText(body: string, hints: ClassifyHints): ContentClass {
  if (hints.role === 'assistant') return detectDataFormat(body) === 'json' ? 'structured' : 'prose';
  if (body.trim() === '') return 'prose';
  return classifyByContent(body, profileText(body), 'prose');
}

function classifyToolOutput(body: string, hints: ClassifyHints): ContentClass {
  if (body.trim() === '') return hints.isError === true ? 'error' : 'log';
  const profile = profileText(body);
  if (detectTestRunner(sample(body)) !== undefined) return 'log';
  if (hints.isError === true) return looksLikeLongLog(profile) ? 'log' : 'error';

  const family = toolFamily(hints.toolName);
  const path = hintPath(hints);
  switch (family) {
    case 'file':
      return classifyFile(path, body, profile);
    case 'editor': {
      const sub = editorCommand(hints);
      if (sub === 'view' || sub === undefined) return classifyFile(path, body, profile);
      return profile.numbered >= profile.lines / 2 ? classifyFile(path, body, profile) : 'prose';
    }
    case 'edit':
      return profile.numbered >= profile.lines / 2 ? classifyFile(path, body, profile) : 'prose';
    case 'search':
      return 'log';
    case 'web':
    case 'agent':
      return detectDataFormat(body) !== undefined ? 'structured' : 'prose';
    case 'shell':
    case 'unknown':
      break;
  }

  const command = hintCommand(hints);
  if (command !== undefined) {
    const shape = analyseCommand(command);
    if (shape.kind === 'file') return classifyFile(shape.path, body, profile);
    if (shape.kind === 'log') return isTraceDominant(profile) ? 'error' : 'log';
  }
  return classifyByContent(body, profile, 'log');
}

/** A file's content: its extension decides, else its content. Short read errors are errors. */
function classifyFile(path: string | undefined, body: string, profile: TextProfile): ContentClass {
  if (profile.lines <= FILE_ERROR_MAX_LINES && profile.numbered === 0 && FILE_ERROR.test(body.trim()))
    return 'error';
  const language = path === undefined ? undefined : languageOfPath(path);
  // `.txt` says only "text": notes, but as often a saved log or a command's output. Its content decides.
  const kind = language === undefined || language === 'text' ? undefined : kindOfLanguage(language);
  switch (kind) {
    case 'code':
      return 'code';
    case 'data':
      return 'structured';
    case 'prose':
      return 'prose';
    case 'log':
      return 'log';
    case undefined:
      return classifyByContent(body, profile, 'prose');
  }
}

/** The regex battery, for text without decisive hints. `fallback` breaks ties. */
export function classifyByContent(
  body: string,
  profile: TextProfile,
  fallback: 'log' | 'prose',
): ContentClass {
  const lines = Math.max(1, profile.lines);
  if (profile.fileView || profile.numbered / lines >= NUMBERED_SHARE) return classifyListing(body, profile);
  if (detectDataFormat(body) !== undefined) return 'structured';
  if (isTraceDominant(profile)) return 'error';
  if (profile.diff / lines >= DIFF_SHARE) return 'log';
  const log =
    profile.timestamped +
    profile.leveled +
    profile.located +
    profile.listing +
    profile.progress +
    profile.repeated / 2;
  const code = profile.codeLike;
  const prose = profile.proseLike + profile.markdown / 2;
  if (code / lines >= CODE_SHARE && code > log && code > prose) return 'code';
  if (profile.trace > 0 && profile.traceStarts > 0 && lines <= LONG_LOG_LINES) return 'error';
  if (log > prose && log > 0) return 'log';
  // Outnumbering the log lines is not enough when most lines are neither (a pinned requirements list).
  if (prose > log && prose / lines >= PROSE_MIN_SHARE) return 'prose';
  return fallback;
}

/** A file shown with line numbers: its header path decides, else the content without the gutter. */
function classifyListing(body: string, profile: TextProfile): ContentClass {
  const path = fileViewPath(body);
  const language = path === undefined ? undefined : languageOfPath(path);
  const kind = language === undefined ? undefined : kindOfLanguage(language);
  if (kind === 'code') return 'code';
  if (kind === 'data') return 'structured';
  if (kind === 'prose') return 'prose';
  if (detectDataFormat(stripGutters(body)) !== undefined) return 'structured';
  return profile.proseLike + profile.markdown > profile.codeLike * 2 ? 'prose' : 'code';
}

/** Most of the text is stack trace. */
export function isTraceDominant(profile: TextProfile): boolean {
  if (profile.trace < 2) return false;
  const share = profile.trace / Math.max(1, profile.lines);
  return profile.traceStarts > 0 ? share >= TRACE_DOMINANT : share >= TRACE_DOMINANT * 1.5;
}

function looksLikeLongLog(profile: TextProfile): boolean {
  if (profile.lines <= LONG_LOG_LINES || isTraceDominant(profile)) return false;
  const logLines =
    profile.timestamped +
    profile.leveled +
    profile.located +
    profile.listing +
    profile.progress +
    profile.repeated;
  return logLines >= profile.lines / 4;
}
