import { GardenerError } from '../../../errors.js';
import type { MessageParam, Transcript, TranscriptMeta } from '../types.js';
import { buildTranscript } from './build.js';
import { fileStem, firstPromptTitle, textBlock, titleFrom, type DraftMessage } from './draft.js';
import type { AgentFormat, Envelope, ObservationRules } from './agent-format.js';
import type { ParseOptions } from './importer.js';

/** Sniff scores: aider's session header is certain; its website transcript markup nearly so. */
const SCORE_HEADER = 0.95;
const SCORE_WEBSITE = 0.9;
const SCORE_MARKDOWN = 0.6;
/** Characters of the text the sniffer looks at. */
const SNIFF_CHARS = 256 * 1024;

const SESSION_HEADER = /^# aider chat started at (.*)$/;
const TRANSCRIPT_DIV = /^<div class="chat-transcript"/;
const FENCE = /^\s*(`{3,}|~{3,})/;

// Plain string tests: these run on every line of multi-megabyte histories.
/** `####` alone or followed by a space: what the user typed. */
function isUserLine(line: string): boolean {
  return line.startsWith('####') && (line.length === 4 || line.charCodeAt(4) === 32);
}

/** `>` alone or followed by a space: aider's own output. */
function isToolLine(line: string): boolean {
  return line.charCodeAt(0) === 62 && (line.length === 1 || line.charCodeAt(1) === 32);
}

function mayOpenFence(line: string): boolean {
  return line.includes('```') || line.includes('~~~');
}
const MODEL_LINE = /^(?:Main model|Models?): (\S+)/;

/** Share of non-empty lines that must start with `>` for a text to count as quoted. */
const QUOTE_SHARE = 1;

/** aider prints tool and lint output as `> ` lines ending in two spaces (markdown line breaks). */
const quoteEnvelope: Envelope = {
  kind: 'aider-quote',
  unwrap(text) {
    const lines = text.split('\n');
    let nonEmpty = 0;
    let quoted = 0;
    for (const line of lines) {
      if (line.trim() === '') continue;
      nonEmpty++;
      if (line.startsWith('>')) quoted++;
    }
    if (nonEmpty < 2 || quoted / nonEmpty < QUOTE_SHARE) return undefined;
    const body = lines.map((line) => line.replace(/^> ?/, '').replace(/ {2}$/, '')).join('\n');
    return { kind: 'aider-quote', body };
  },
  rewrap: (_unwrapped, summary) => summary,
};

/** aider's question before it adds a command's output to the chat, at the end of a user text. */
const ADD_OUTPUT = /Add the output to the chat\?\s*$/;
/** aider's answer line (the importer files it as assistant text); the answer is group 1. */
const ANSWER = /^\(y\/n\/instructions\)\s*(.*)$/;
/** An answer that declines: nothing is added. */
const DECLINE = /^(n|no)$/i;

/**
 * Tool output comes back as user text. The first text of the user message that follows the "Add
 * the output to the chat?" question, answered with anything but "n", is the output of the user's
 * `/run` or `/test` command (quoted with `> `, which the importer removes), not text the user typed.
 */
const observations: ObservationRules = {
  inUserText: true,
  isOutput(messages, index, blockIndex) {
    if (blockIndex !== 0) return false;
    const answer = messages[index - 1];
    const question = messages[index - 2];
    if (answer?.role !== 'assistant' || question?.role !== 'user') return false;
    const answered = ANSWER.exec(lastText(answer.content).trim());
    if (!answered || DECLINE.test((answered[1] ?? '').trim())) return false;
    return ADD_OUTPUT.test(lastText(question.content));
  },
};

function lastText(content: MessageParam['content']): string {
  if (typeof content === 'string') return content;
  const last = content[content.length - 1];
  return last?.type === 'text' ? last.text : '';
}

/**
 * aider chat history (`.aider.chat.history.md`) and aider's website transcripts. One file holds
 * many sessions, each opened by `# aider chat started at …`. `#### ` lines are what the user typed,
 * `> ` lines are aider's own output (tool, lint and command output, shown to the user and often fed
 * back), other lines are the model's reply; lines end in two spaces (markdown line breaks), which
 * are removed. Both `####` and `>` text are user-side; fenced code in a reply stays in the reply.
 * Website pages keep only what is inside `<div class="chat-transcript">` blocks, as one session.
 */
export const aiderImporter: AgentFormat = {
  name: 'aider',
  description: 'aider chat history markdown (.aider.chat.history.md, "# aider chat started at")',
  reads: 'text',
  envelopes: [quoteEnvelope],
  observations,
  sniff(text, fileName) {
    const head = text.slice(0, SNIFF_CHARS);
    if (/^\s*[[{]/.test(head)) return 0;
    if (/^# aider chat started at /m.test(head)) return SCORE_HEADER;
    if (/^<div class="chat-transcript"/m.test(head) && /^#### /m.test(head)) return SCORE_WEBSITE;
    if (/^#### /m.test(head) && /^> /m.test(head) && (fileName === undefined || fileName.endsWith('.md')))
      return SCORE_MARKDOWN;
    return 0;
  },
  parse(text, options = {}) {
    const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
    const sessions = lines.some((l) => l.startsWith('<div') && TRANSCRIPT_DIV.test(l))
      ? [websiteSession(lines)]
      : splitSessions(lines);
    const stem = fileStem(options.source);
    const transcripts: Transcript[] = [];
    for (const session of sessions) {
      const drafts = toDrafts(session.lines);
      if (!drafts.some((d) => d.role === 'assistant') && !session.lines.some((l) => isUserLine(l))) continue; // only aider's banner
      transcripts.push(make(`${stem}#${transcripts.length + 1}`, session, drafts, options));
    }
    if (transcripts.length === 0) {
      throw new GardenerError('INPUT_INVALID', 'no aider chat found (no "#### " user lines or replies)', {
        where: options.source ?? '<input>',
      });
    }
    return transcripts;
  },
};

interface Session {
  startedAt?: string;
  title?: string;
  lines: string[];
}

function splitSessions(lines: string[]): Session[] {
  const sessions: Session[] = [{ lines: [] }];
  lines.forEach((line, i) => {
    if (i === 0 && /^-\*-.*-\*-\s*$/.test(line)) return; // an editor modeline, not chat
    const header = line.startsWith('# aider') ? SESSION_HEADER.exec(line) : null;
    if (header) sessions.push({ startedAt: header[1]!.trim(), lines: [] });
    else sessions[sessions.length - 1]!.lines.push(line);
  });
  return sessions;
}

function websiteSession(lines: string[]): Session {
  const session: Session = { lines: [] };
  let inside = false;
  for (const line of lines) {
    if (!inside && session.title === undefined && /^# /.test(line)) session.title = line.slice(2).trim();
    if (TRANSCRIPT_DIV.test(line)) inside = true;
    else if (inside && line.trim() === '</div>') inside = false;
    else if (inside) session.lines.push(line);
  }
  return session;
}

type Kind = 'user' | 'tool' | 'assistant';

function stripBreak(line: string): string {
  return line.endsWith('  ') ? line.slice(0, -2) : line;
}

/** Lines to drafts: runs of one kind become one block; user and tool runs together make a user message. */
function toDrafts(lines: string[]): DraftMessage[] {
  const runs: Array<{ kind: Kind; lines: string[] }> = [];
  let fence: string | undefined;
  for (const line of lines) {
    // A reply cut off inside a code fence leaves it open; aider's own next line (prefixed, ending in
    // the two-space line break replies never carry) closes it.
    if (fence !== undefined && (isUserLine(line) || isToolLine(line)) && line.endsWith('  '))
      fence = undefined;
    let kind: Kind | 'blank';
    let body = line;
    if (fence === undefined && isUserLine(line)) {
      kind = 'user';
      body = stripBreak(line.slice(5));
    } else if (fence === undefined && isToolLine(line)) {
      kind = 'tool';
      body = stripBreak(line.slice(2));
    } else if (fence === undefined && line.trim() === '') kind = 'blank';
    else {
      kind = 'assistant';
      const marker = mayOpenFence(line) ? FENCE.exec(line)?.[1] : undefined;
      if (fence === undefined && marker !== undefined) fence = marker;
      else if (
        fence !== undefined &&
        marker !== undefined &&
        line.trim() === marker.charAt(0).repeat(marker.length)
      )
        fence = undefined;
    }
    const current = runs[runs.length - 1];
    if (kind === 'blank') current?.lines.push('');
    else if (current && current.kind === kind) current.lines.push(body);
    else runs.push({ kind, lines: [body] });
  }
  const drafts: DraftMessage[] = [];
  for (const run of runs) {
    const text = run.lines.join('\n').trimEnd();
    if (text === '') continue;
    const role = run.kind === 'assistant' ? 'assistant' : 'user';
    const previous = drafts[drafts.length - 1];
    if (previous && previous.role === role && role === 'user' && Array.isArray(previous.content))
      previous.content.push(textBlock(text));
    else drafts.push({ role, content: role === 'user' ? [textBlock(text)] : text });
  }
  return drafts;
}

function make(id: string, session: Session, drafts: DraftMessage[], options: ParseOptions): Transcript {
  const meta: TranscriptMeta = {};
  if (session.startedAt !== undefined) meta.startedAt = session.startedAt;
  for (const line of session.lines) {
    const model = isToolLine(line) ? MODEL_LINE.exec(line.replace(/^> ?/, '')) : null;
    if (model) {
      meta.model = model[1]!;
      break;
    }
  }
  const firstPrompt = session.lines.find((l) => isUserLine(l) && l.replace(/^#### ?/, '').trim() !== '');
  const title = session.title ?? titleFrom(firstPrompt?.replace(/^#### ?/, '')) ?? firstPromptTitle(drafts);
  return buildTranscript({
    id,
    format: 'aider',
    messages: drafts,
    meta,
    ...(title !== undefined ? { title } : {}),
    ...(options.source !== undefined ? { source: options.source } : {}),
  });
}
