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

interface Rule {
  kind: string;
  pattern: RegExp;
  /** Groups kept around the secret: prefix is group 1, suffix the last group, when the rule says so. */
  keep?: 'prefix' | 'prefix-suffix';
  /** Returns false to leave a match alone (a placeholder, a variable, a type name). */
  accept?: (secret: string, match: string) => boolean;
}

const PRIVATE_KEY = '(?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?';

/** Bare values after `password=` that are code or placeholders, not secrets. */
const NOT_A_PASSWORD =
  /^(?:[$%{[<*]|(?:null|none|nil|true|false|undefined|str|string|bytes|int|bool|optional|any|secretstr|required|redacted|x+|\*+|\.+)$)/i;
/** `password = self.password`, `password: opts.password`… */
const CODE_REFERENCE =
  /^(?:self|this|os|process|config|cfg|settings|args|opts|options|env|req|request|params|form|data|user|ctx|props)\./i;

/** A redaction marker on its own: running the rules again must not count it twice. */
const ALREADY_REDACTED = /^\[REDACTED:[a-z-]+\]$/;

function plausiblePassword(value: string, match: string): boolean {
  const bare = value.replace(/^["']|["']$/g, '');
  if (bare.length === 0) return false;
  // `password: Secret` after a colon, unquoted and capitalized, is a type annotation.
  if (
    bare === value &&
    /:\s*$/.test(match.slice(0, match.length - value.length)) &&
    /^[A-Z][A-Za-z]*$/.test(bare)
  )
    return false;
  if (NOT_A_PASSWORD.test(bare) || CODE_REFERENCE.test(bare)) return false;
  return !/[()]/.test(bare);
}

function mixedToken(secret: string): boolean {
  return /\d/.test(secret) && /[A-Za-z]/.test(secret);
}

/**
 * Well-known secret shapes, most specific first. Each pattern is global; a rule that keeps a
 * prefix captures it as group 1 and the secret as group 2 (and a suffix as group 3).
 */
const RULES: readonly Rule[] = [
  {
    kind: 'private-key',
    pattern: new RegExp(`(-----BEGIN ${PRIVATE_KEY}-----)[\\s\\S]*?(-----END ${PRIVATE_KEY}-----)`, 'g'),
    keep: 'prefix-suffix',
  },
  // A key block cut short (head -n, a truncated tool output): the header and the base64 lines after it.
  {
    kind: 'private-key',
    pattern: new RegExp(`(-----BEGIN ${PRIVATE_KEY}-----)((?:\\r?\\n[A-Za-z0-9+/=:, -]{8,})+)`, 'g'),
    keep: 'prefix',
  },
  { kind: 'anthropic-key', pattern: /\bsk-ant-[a-z]{3,8}\d{0,3}-[A-Za-z0-9_-]{20,}/g },
  {
    kind: 'openai-key',
    pattern: /\bsk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}/g,
    accept: mixedToken,
  },
  {
    kind: 'aws-access-key',
    pattern: /\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|APKA)[A-Z0-9]{16}\b/g,
  },
  {
    kind: 'aws-secret-key',
    pattern:
      /(\b(?:aws_?secret_?access_?key|secret_?access_?key)["']?\s*[:=]\s*["']?)([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/gi,
    keep: 'prefix',
  },
  { kind: 'github-token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/g },
  { kind: 'slack-token', pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}/g },
  { kind: 'slack-token', pattern: /\bxapp-\d-[A-Za-z0-9-]{10,}/g },
  {
    kind: 'slack-webhook',
    pattern: /\bhttps:\/\/hooks\.slack\.com\/(?:services|workflows)\/[A-Za-z0-9_/-]{20,}/g,
  },
  { kind: 'google-api-key', pattern: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g },
  { kind: 'stripe-key', pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{20,}\b/g },
  { kind: 'npm-token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  { kind: 'huggingface-token', pattern: /\bhf_[A-Za-z0-9]{34,}\b/g },
  { kind: 'jwt', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/g },
  {
    kind: 'bearer-token',
    pattern:
      /(\b(?:Proxy-)?Authorization["']?\s*[:=]\s*["']?(?:Bearer|Basic|Token|Bot|Digest)\s+)([A-Za-z0-9._~+/=-]{8,})/gi,
    keep: 'prefix',
  },
  {
    kind: 'url-password',
    pattern: /(\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@'"]{1,100}:)([^\s@/'"]{1,200})(@)/gi,
    keep: 'prefix-suffix',
    accept: (secret) => !/^(?:[$%{<*[]|x+$|\*+$)/i.test(secret),
  },
  {
    kind: 'password',
    pattern:
      /(\b[\w.-]{0,40}(?:password|passwd|passphrase|pwd)["']?\s*[:=]\s*)("[^"\n]{1,200}"|'[^'\n]{1,200}'|[^\s"'`&,;()[\]{}]{1,200}(?=$|[\s"'`&,;)\]}]))/gi,
    keep: 'prefix',
    accept: plausiblePassword,
  },
];

/** Cheap test that skips the rule table for text with no trigger word at all (most blocks). */
const MAYBE_SECRET =
  /sk-|AKIA|ASIA|AGPA|AIDA|AROA|ABIA|ACCA|AIPA|ANPA|ANVA|APKA|access_?key|gh[pousr]_|github_pat_|xox|xapp-|hooks\.slack|AIza|_live_|_test_|npm_|hf_|eyJ|authorization|:\/\/|pass|pwd|PRIVATE KEY/i;

/**
 * Replaces well-known secret shapes (API keys and tokens of Anthropic, OpenAI, AWS, GitHub, Slack,
 * Google, Stripe, npm, Hugging Face; JWTs; private key blocks; `Authorization:` credentials;
 * passwords in URLs and `password=…` assignments) with `[REDACTED:<kind>]`. Idempotent.
 */
export function redactSecrets(text: string): Redacted {
  if (!MAYBE_SECRET.test(text)) return { text, count: 0, kinds: [] };
  let out = text;
  let count = 0;
  const kinds: string[] = [];
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
