import { ALREADY_REDACTED, PRIVATE_KEY, RULES } from './redact-rules.js';

/** What `redactSecrets` puts where a secret was: `[REDACTED:<kind>]`. */
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

/** Cheap test that skips the rule table for text with no trigger word at all (most blocks). */
const MAYBE_SECRET =
  /sk-|AKIA|ASIA|AGPA|AIDA|AROA|ABIA|ACCA|AIPA|ANPA|ANVA|APKA|access_?key|secret|gh[pousr]_|github_pat_|xox|xapp-|hooks\.slack|AIza|_live_|_test_|npm_|hf_|eyJ|authorization|:\/\/|pass|pwd|PRIVATE KEY/i;

/**
 * Replaces well-known secret shapes (API keys and tokens of Anthropic, OpenAI, AWS, GitHub, Slack,
 * Google, Stripe, npm, Hugging Face; JWTs; private key blocks; `Authorization:` credentials;
 * passwords in URLs and `password=…` assignments) with `[REDACTED:<kind>]`. Idempotent.
 */
export function redactSecrets(text: string): Redacted {
  if (!MAYBE_SECRET.test(text)) return { text, count: 0, kinds: [] };
  const blocks = redactKeyBlocks(text);
  let out = blocks.text;
  let count = blocks.count;
  const kinds: string[] = [...blocks.kinds];
  for (const rule of RULES) {
    out = out.replace(rule.pattern, (match: string, ...args: unknown[]) => {
      // replace() passes the groups, then the offset (a number), the whole text and named groups.
      const end = args.findIndex((arg) => typeof arg === 'number');
      const captured = args.slice(0, end).map((g) => (typeof g === 'string' ? g : ''));
      const prefix = rule.keep ? (captured[0] ?? '') : '';
      const suffix = rule.keep === 'prefix-suffix' ? (captured[captured.length - 1] ?? '') : '';
      const secret = rule.keep ? match.slice(prefix.length, match.length - suffix.length) : match;
      if (ALREADY_REDACTED.test(secret.trim())) return match;
      if (rule.accept && !rule.accept(secret, match)) return match;
      count++;
      if (!kinds.includes(rule.kind)) kinds.push(rule.kind);
      const gap = rule.kind === 'private-key' ? '\n' : '';
      return `${prefix}${gap}${redactionMarker(rule.kind)}${suffix ? gap + suffix : ''}`;
    });
  }
  return { text: out, count, kinds };
}

const KEY_BEGIN = new RegExp(`-----BEGIN ${PRIVATE_KEY}-----`, 'g');
const KEY_END = new RegExp(`-----END ${PRIVATE_KEY}-----`, 'g');

/**
 * Replaces the body of each whole private key block (BEGIN … first END after it). A scan, not a
 * lazy regex: with many BEGINs and no END, `BEGIN[\s\S]*?END` rescans the rest of the text
 * from every BEGIN (quadratic); here the END search runs once per END.
 */
function redactKeyBlocks(text: string): Redacted {
  if (!text.includes('PRIVATE KEY')) return { text, count: 0, kinds: [] };
  const parts: string[] = [];
  let done = 0;
  let count = 0;
  let end: RegExpExecArray | null | undefined;
  for (const begin of text.matchAll(KEY_BEGIN)) {
    if (begin.index < done) continue; // inside a block already redacted
    const bodyStart = begin.index + begin[0].length;
    if (end === undefined || (end !== null && end.index < bodyStart)) {
      KEY_END.lastIndex = bodyStart;
      end = KEY_END.exec(text);
    }
    if (end === null) break;
    if (ALREADY_REDACTED.test(text.slice(bodyStart, end.index).trim())) continue;
    parts.push(text.slice(done, bodyStart), `\n${redactionMarker('private-key')}\n`);
    done = end.index;
    count++;
  }
  if (count === 0) return { text, count: 0, kinds: [] };
  parts.push(text.slice(done));
  return { text: parts.join(''), count, kinds: ['private-key'] };
}
