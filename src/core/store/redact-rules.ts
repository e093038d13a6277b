/**
 * The secret shapes `redactSecrets` knows. Linear time on any input: every pattern starts at a
 * literal or a run boundary, and a quantifier that can run long is either bounded or followed by
 * nothing that can fail (so a failed match never rescans a long run).
 */

export interface Rule {
  kind: string;
  pattern: RegExp;
  /** Groups kept around the secret: prefix is group 1, suffix the last group, when the rule says so. */
  keep?: 'prefix' | 'prefix-suffix';
  /** Returns false to leave a match alone (a placeholder, a variable, a type name). */
  accept?: (secret: string, match: string) => boolean;
}

export const PRIVATE_KEY = '(?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?';

/** Bare values after `password=` that are code or placeholders, not secrets. */
const NOT_A_PASSWORD =
  /^(?:[$%{[<*]|(?:null|none|nil|true|false|undefined|str|string|bytes|int|bool|optional|any|secretstr|required|redacted|x+|\*+|\.+)$)/i;
/** `password = self.password`, `password: opts.password`… */
const CODE_REFERENCE =
  /^(?:self|this|os|process|config|cfg|settings|args|opts|options|env|req|request|params|form|data|user|ctx|props)\./i;

/** A redaction marker on its own: running the rules again must not count it twice. */
export const ALREADY_REDACTED = /^\[REDACTED:[a-z-]+\]$/;

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

/** 40 random base64 characters have upper, lower case and a digit; a git SHA (hex) or a word does not. */
function randomBase64(secret: string): boolean {
  return /[A-Z]/.test(secret) && /[a-z]/.test(secret) && /\d/.test(secret);
}

function mixedToken(secret: string): boolean {
  return /\d/.test(secret) && /[A-Za-z]/.test(secret);
}

/**
 * Well-known secret shapes, most specific first. Each pattern is global; a rule that keeps a
 * prefix captures it as group 1 and the secret as group 2 (and a suffix as group 3).
 */
export const RULES: readonly Rule[] = [
  // Private key blocks (whole or cut short) are found by redactKeyBlocks, without a regex.
  { kind: 'anthropic-key', pattern: /\bsk-ant-[a-z]{3,8}\d{0,3}-[A-Za-z0-9_-]{20,}/g },
  {
    kind: 'openai-key',
    pattern: /\bsk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}/g,
    accept: mixedToken,
  },
  // A secret access key right after its key id (a credentials CSV, `aws configure` output, a
  // sentence): 40 base64 characters within a short, bounded window after AKIA…/ASIA….
  {
    kind: 'aws-secret-key',
    pattern:
      /(\b(?:AKIA|ASIA)[A-Z0-9]{16}\b[\s\S]{0,160}?)(?<![A-Za-z0-9/+])([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/g,
    keep: 'prefix',
    accept: randomBase64,
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
  // A secret key named in words, with no `=`: `--secret-key X`, `secret key is X`, `aws_secret_access_key X`.
  {
    kind: 'secret-key',
    pattern:
      /(\b[\w-]{0,24}secret[\w-]{0,24}(?:[ \t]+(?:access[ \t]+)?key)?(?:[ \t]+(?:is|was))?["']?[\s:=,"']{1,8})([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/gi,
    keep: 'prefix',
    accept: randomBase64,
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
  // Starts only where a base64url run starts: `eyJ-eyJ-…` would otherwise rescan the run from each eyJ.
  {
    kind: 'jwt',
    pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/g,
  },
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
