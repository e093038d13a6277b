/**
 * Fixed sentences that agent harnesses wrap around file views (str_replace_editor, SWE-agent,
 * Claude Code's Edit): in a summary they shrink to the words that carry news (which file, whether
 * the edit applied) and the advice to the model goes.
 */

interface Rule {
  pattern: RegExp;
  /** The replacement (`$1`… refer to the pattern's groups); undefined drops the line. */
  replacement?: string;
}

const RULES: readonly Rule[] = [
  // Claude Code Edit / str_replace_editor: "The file X has been updated. Here's the result of running `cat -n` on a snippet of …:"
  {
    pattern: /^(The file \S+ has been (?:updated|edited))\. Here's the result of running `cat -n` on .*:\s*$/,
    replacement: '$1:',
  },
  {
    pattern: /^(Last edit to \S+ undone successfully)\. Here's the result of running `cat -n` on .*:\s*$/,
    replacement: '$1:',
  },
  { pattern: /^Here's the result of running `cat -n` on (\S+?):?\s*$/, replacement: 'cat -n $1:' },
  // SWE-agent
  {
    pattern: /^(File updated|Text replaced)\. Please review the changes and make sure they are correct\b.*$/,
    replacement: '$1.',
  },
  { pattern: /^\(correct indentation, no duplicate lines, etc\)\. Edit the file again if necessary\.\s*$/ },
  {
    pattern:
      /^Review the changes and make sure they are as expected\. Edit the file again if necessary\.\s*$/,
  },
  {
    pattern:
      /^DO NOT re-run the same failed edit command\. Running it again will lead to the same error\.\s*$/,
  },
  {
    pattern:
      /^You either need to 1\) Specify the correct start\/end line arguments or 2\) Correct your edit code\.\s*$/,
  },
  { pattern: /^(Your proposed edit has introduced new syntax error\(s\))\. Please .*$/, replacement: '$1.' },
  {
    pattern: /^(Your changes have NOT been applied)\. Please fix your edit command and try again\.\s*$/,
    replacement: '$1.',
  },
  { pattern: /^bash-\$\s*$/ },
];

/** Cheap first test: each rule's line starts with one of these characters. */
const MAYBE_BOILERPLATE = /^[TLHFRDYb(]/;

/**
 * The condensed form of one framing line: the line itself when it is not boilerplate, a shorter
 * line, or undefined when the line says nothing a summary needs. `viewedPath` is the file the
 * framing's header named, if any.
 */
export function condenseFrameLine(line: string, viewedPath?: string): string | undefined {
  if (!MAYBE_BOILERPLATE.test(line)) return line;
  // SWE-agent's `(Open file: X)` footer repeats the `[File: X (N lines total)]` header.
  if (viewedPath !== undefined && line.trim() === `(Open file: ${viewedPath})`) return undefined;
  for (const rule of RULES) {
    if (!rule.pattern.test(line)) continue;
    return rule.replacement === undefined ? undefined : line.replace(rule.pattern, rule.replacement);
  }
  return line;
}
