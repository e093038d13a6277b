/**
 * The secret shapes `redactSecrets` knows. Linear time on any input: every pattern starts at a
 * literal or a run boundary, and a quantifier that can run long is either bounded or followed by
 * nothing that can fail (so a failed match never rescans a long run).
 *
 * Written here rather than taken from a secret scanner's rule set: those (secretlint, gitleaks)
 * are lint plugins or config files for whole-file scans, asynchronous or in another language,
 * while this table runs synchronously on every stored text and keeps the guarantees above.
 */
import { CREDENTIAL_RULES } from './redact-credentials.js';
import { mixedToken, randomBase64, type Rule } from './redact-rule.js';

export type { Rule } from './redact-rule.js';
export { ALREADY_REDACTED } from './redact-rule.js';

export const PRIVATE_KEY = '(?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?';

/** Tokens known by their prefix or their exact shape, most specific first. */
const TOKEN_RULES: readonly Rule[] = [
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
      /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b[\s\S]{0,160}?(?<![A-Za-z0-9/+])(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/dg,
    accept: randomBase64,
  },
  {
    kind: 'aws-access-key',
    pattern: /\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|APKA)[A-Z0-9]{16}\b/g,
  },
  {
    kind: 'aws-secret-key',
    pattern:
      /\b(?:aws_?secret_?access_?key|secret_?access_?key)["']?\s*[:=]\s*["']?(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/dgi,
  },
  // A secret key named in words, with no `=`: `--secret-key X`, `secret key is X`, `aws_secret_access_key X`.
  {
    kind: 'secret-key',
    pattern:
      /\b[\w-]{0,24}secret[\w-]{0,24}(?:[ \t]+(?:access[ \t]+)?key)?(?:[ \t]+(?:is|was))?["']?[\s:=,"']{1,8}(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/dgi,
    accept: randomBase64,
  },
  { kind: 'github-token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/g },
  // Personal, deploy, runner, CI job, trigger, OAuth, agent… tokens; newer ones end in `.01.xxxx`.
  {
    kind: 'gitlab-token',
    pattern:
      /\b(?:gl(?:pat|dt|rt|cbt|ptt|oas|soat|ft|imt|agent|wt|ffct)-[A-Za-z0-9_-]{20,}(?:\.[A-Za-z0-9_-]{2,}){0,3}|GR1348941[A-Za-z0-9_-]{20,})/g,
  },
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
  {
    kind: 'sendgrid-key',
    pattern: /\bSG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{30,64}(?![A-Za-z0-9_-])/g,
    accept: mixedToken,
  },
  // A Twilio API key SID: SK and 32 hex digits.
  { kind: 'twilio-key', pattern: /\bSK[0-9a-fA-F]{32}\b/g, accept: mixedToken },
  // PyPI API tokens are macaroons: `pypi-` and base64 that starts `Ag`.
  { kind: 'pypi-token', pattern: /\bpypi-Ag[A-Za-z0-9_-]{50,}/g },
  // The account key of an Azure storage (or Service Bus, Event Hubs) connection string.
  {
    kind: 'azure-key',
    pattern: /\b(?:AccountKey|SharedAccessKey)[ \t]*=[ \t]*(?<secret>[A-Za-z0-9+/]{20,}={0,2})/dgi,
    accept: mixedToken,
  },
  // The signature of a shared access signature URL (`…?sv=…&sig=…`).
  {
    kind: 'azure-sas',
    pattern: /[?&;]sig=(?<secret>[A-Za-z0-9%+/]{16,}(?:=|%3D){0,2})/dg,
    accept: mixedToken,
  },
  // Starts only where a base64url run starts: `eyJ-eyJ-…` would otherwise rescan the run from each eyJ.
  {
    kind: 'jwt',
    pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/g,
  },
];

/**
 * Well-known secret shapes, most specific first; each pattern is global. A pattern with groups
 * named `secret…` (and the `d` flag) replaces the first of them that took part in the match and
 * keeps the rest of the match; one without replaces the whole match.
 */
export const RULES: readonly Rule[] = [...TOKEN_RULES, ...CREDENTIAL_RULES];
