/**
 * Agents wrap tool output in their own envelopes: mini-swe-agent's `<returncode>`/`<output>`
 * tags (with `<output_head>`/`<elided_chars>`/`<output_tail>` when long), aider's `> ` quoted
 * lines, Claude Code's `Exit code N` first line, SWE-agent's status lines and `bash-$` prompt
 * after each output. The classifier and the compressors look at the
 * body; the dispatcher puts a compact envelope back around the summary (`[exit N]` for
 * mini-swe-agent, which is recognised here too, so a summary unwraps like its original).
 */

export type EnvelopeKind =
  'mini-swe-agent' | 'aider-quote' | 'exit-code' | 'exit-tag' | 'swe-agent-status' | 'none';

export interface Unwrapped {
  kind: EnvelopeKind;
  /** The tool output itself. Elided middles become one `[… N characters elided …]` line. */
  body: string;
  /** Process exit code when the envelope says it. */
  exitCode?: number;
  /** Characters the agent itself cut out of the middle (mini-swe-agent). */
  elidedChars?: number;
  /** SWE-agent's status lines after the output (`(Open file: X)`, `(Current directory: Y)`). */
  status?: string[];
}

const RETURNCODE = /^\s*<returncode>(-?\d+)<\/returncode>\s*\n/;
const EXIT_CODE_LINE = /^Exit code (-?\d+)\r?\n/;
/** The compact envelope gardener puts back around a summary of mini-swe-agent output. */
const EXIT_TAG = /^\[exit (-?\d+)\](?:\n|$)/;
/** SWE-agent's status lines and shell prompt that end every observation. */
const SWE_AGENT_STATUS =
  /(?:^|\n)((?:\((?:Open file|Current directory|Interactive session): [^\n]*\)\n)+)bash-\$[ \t]*\n?$/;
/** Share of non-empty lines that must start with `>` for a text to count as aider-quoted. */
const QUOTE_SHARE = 1;

/** Strips a known envelope from a tool output. Texts without one come back as `kind: 'none'`. */
export function unwrapToolOutput(text: string): Unwrapped {
  const rc = RETURNCODE.exec(text);
  if (rc) return unwrapMiniSwe(text.slice(rc[0].length), Number(rc[1]));
  const tag = EXIT_TAG.exec(text);
  if (tag) return { kind: 'exit-tag', body: text.slice(tag[0].length), exitCode: Number(tag[1]) };
  const exit = EXIT_CODE_LINE.exec(text);
  if (exit) return { kind: 'exit-code', body: text.slice(exit[0].length), exitCode: Number(exit[1]) };
  const quoted = unquoteAider(text);
  if (quoted !== undefined) return { kind: 'aider-quote', body: quoted };
  const status = SWE_AGENT_STATUS.exec(text);
  if (status) {
    const lines = status[1]!.split('\n').filter((line) => line !== '');
    return { kind: 'swe-agent-status', body: text.slice(0, status.index), status: lines };
  }
  return { kind: 'none', body: text };
}

/** The line that stands for a middle the agent elided. */
export function elisionLine(chars: number): string {
  return `[… ${chars} characters elided …]`;
}

function unwrapMiniSwe(rest: string, exitCode: number): Unwrapped {
  const output = tagContent(rest, 'output');
  if (output !== undefined) return { kind: 'mini-swe-agent', body: output, exitCode };
  const head = tagContent(rest, 'output_head');
  const tail = tagContent(rest, 'output_tail');
  if (head !== undefined || tail !== undefined) {
    const elided = /(\d+) characters elided/.exec(tagContent(rest, 'elided_chars') ?? '');
    const elidedChars = elided ? Number(elided[1]) : 0;
    const body = [head ?? '', elisionLine(elidedChars), tail ?? ''].join('\n');
    return { kind: 'mini-swe-agent', body, exitCode, elidedChars };
  }
  return { kind: 'mini-swe-agent', body: rest, exitCode };
}

/** Content of `<tag>…</tag>`, without the newline right after the opening tag and before the closing one. */
function tagContent(text: string, tag: string): string | undefined {
  const open = text.indexOf(`<${tag}>`);
  if (open < 0) return undefined;
  const start = open + tag.length + 2;
  const close = text.lastIndexOf(`</${tag}>`);
  if (close < start) return undefined;
  return text
    .slice(start, close)
    .replace(/^\r?\n/, '')
    .replace(/\r?\n$/, '');
}

/** Aider prints tool and lint output as `> ` lines ending in two spaces (markdown line breaks). */
function unquoteAider(text: string): string | undefined {
  const lines = text.split('\n');
  let nonEmpty = 0;
  let quoted = 0;
  for (const line of lines) {
    if (line.trim() === '') continue;
    nonEmpty++;
    if (line.startsWith('>')) quoted++;
  }
  if (nonEmpty < 2 || quoted / nonEmpty < QUOTE_SHARE) return undefined;
  return lines.map((line) => line.replace(/^> ?/, '').replace(/ {2}$/, '')).join('\n');
}
