import { redactKeyBlocks } from './redact-keys.js';
import { ALREADY_REDACTED, RULES } from './redact-rules.js';

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
  const kinds: string[] = blocks.count > 0 ? ['private-key'] : [];
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
      return `${prefix}${redactionMarker(rule.kind)}${suffix}`;
    });
  }
  return { text: out, count, kinds };
}
