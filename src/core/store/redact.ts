import { redactKeyBlocks } from './redact-keys.js';
import { ALREADY_REDACTED, RULES, type Rule } from './redact-rules.js';
import { safeSpan } from './redact-span.js';

/** What `redactSecrets` puts where a secret was: `[REDACTED:<kind>]` (safe inside a JSON string). */
export function redactionMarker(kind: string): string {
  return `[REDACTED:${kind}]`;
}

export interface Redacted {
  text: string;
  /** How many secrets were replaced. */
  count: number;
  /** Kinds found, in order of the rule table (for messages and stats). */
  kinds: string[];
}

/** What a store does to a text before writing it: redact it, or keep it as given. */
export type Redactor = (text: string) => Redacted;

const asGiven: Redactor = (text) => ({ text, count: 0, kinds: [] });

/**
 * The store's redaction, by its setting: `redactSecrets`, or the text as given when the store was
 * opened with `redact: false`. Every text bound for the database passes through this one function
 * (the engine's summaries and hints too, through `Store.redact`).
 */
export function redactor(enabled: boolean): Redactor {
  return enabled ? redactSecrets : asGiven;
}

/** Cheap test that skips the rule table for text with no trigger word at all (most blocks). */
const MAYBE_SECRET =
  /sk-|AKIA|ASIA|AGPA|AIDA|AROA|ABIA|ACCA|AIPA|ANPA|ANVA|APKA|key|secret|token|gh[pousr]_|github_pat_|gl[a-z]{2,6}-|GR1348941|xox|xapp-|hooks\.slack|AIza|_live_|_test_|npm_|hf_|SG\.|SK[0-9a-f]{32}|pypi-|sig=|eyJ|auth|cookie|:\/\/|pass|pwd|curl|mysql|mariadb|login|redis-cli|credential|PRIVATE KEY/i;

/** Called with each secret replaced (its kind and the text it stood for). */
export type SecretSeen = (kind: string, secret: string) => void;

/**
 * Replaces well-known secret shapes (API keys and tokens of Anthropic, OpenAI, AWS, GitHub, GitLab,
 * Slack, Google, Stripe, npm, Hugging Face, SendGrid, Twilio, PyPI, Azure; JWTs; private key
 * blocks; `Authorization:` credentials, cookies and registry auths; passwords in URLs, on command
 * lines, in sentences and in `password=…` assignments; values of `*_KEY`, `*_TOKEN`, `*_SECRET`
 * variables) with `[REDACTED:<kind>]`. Backslash escapes around a secret stay whole, so the source
 * of a JSON file stays valid JSON. Idempotent.
 */
export function redactSecrets(text: string, seen?: SecretSeen): Redacted {
  if (!MAYBE_SECRET.test(text)) return { text, count: 0, kinds: [] };
  const blocks = redactKeyBlocks(text);
  let out: Texts = { text: blocks.text, view: escapeView(blocks.text) };
  let count = blocks.count;
  const kinds: string[] = blocks.count > 0 ? ['private-key'] : [];
  for (const rule of RULES) {
    const applied = applyRule(out, rule, seen);
    if (applied.count === 0) continue;
    out = applied;
    count += applied.count;
    if (!kinds.includes(rule.kind)) kinds.push(rule.kind);
  }
  return { text: out.text, count, kinds };
}

/** The text, and what the rules read: the same text with its `\n`, `\r`, `\t` escapes as white space. */
interface Texts {
  text: string;
  view: string;
}

/**
 * The text as the rules read it: each `\n`, `\r` and `\t` escape (of a JSON string, a string
 * literal) turned into white space of the same length, so that a word after an escaped line break
 * starts a line as it does in the decoded text. Offsets are the text's own.
 */
function escapeView(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\(?:([nrt])|[\s\S])/g, (pair: string, letter?: string) =>
    letter === 'n' ? ' \n' : letter === 'r' ? ' \r' : letter === 't' ? '  ' : pair,
  );
}

/** Where the secret of a match is: its first `secret…` group that took part, else the whole match. */
function secretRange(match: RegExpExecArray): [number, number] {
  const groups = match.indices?.groups;
  if (groups)
    for (const [name, range] of Object.entries(groups)) if (range && name.startsWith('secret')) return range;
  return [match.index, match.index + match[0].length];
}

/** Runs one rule over the view and replaces what it finds in both the text and the view. */
function applyRule(
  { text, view }: Texts,
  rule: Rule,
  seen: SecretSeen | undefined,
): Texts & { count: number } {
  const parts: string[] = [];
  const viewParts: string[] = [];
  let done = 0;
  let count = 0;
  const pattern = rule.pattern;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(view); match !== null; match = pattern.exec(view)) {
    if (match[0] === '') pattern.lastIndex++;
    const [start, end] = secretRange(match);
    const span = safeSpan(text, start, end);
    if (span === undefined || span[0] < done) continue;
    const secret = text.slice(span[0], span[1]);
    if (ALREADY_REDACTED.test(secret.trim())) continue;
    if (rule.accept && !rule.accept(secret, text.slice(match.index, span[0]))) continue;
    const marker = redactionMarker(rule.kind);
    parts.push(text.slice(done, span[0]), marker);
    viewParts.push(view.slice(done, span[0]), marker);
    done = span[1];
    count++;
    seen?.(rule.kind, secret);
  }
  if (count === 0) return { text, view, count: 0 };
  parts.push(text.slice(done));
  viewParts.push(view.slice(done));
  const out = parts.join('');
  return { text: out, view: view === text ? out : viewParts.join(''), count };
}
