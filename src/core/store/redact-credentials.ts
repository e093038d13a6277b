/**
 * Secrets known by what stands before them rather than by their own shape: headers, URLs,
 * assignments to a variable named like a credential, command-line flags, cookies, a sentence.
 * Each value alternative stops at a quote and at a backslash, so inside the source of a JSON
 * string (where `\"` ends a quoted value) the quotes and escapes around a secret stay.
 */
import {
  mixedToken,
  plausibleCredential,
  plausiblePassword,
  plausibleSpokenPassword,
  type Rule,
} from './redact-rule.js';

/** A value: double-quoted, single-quoted, quoted with escaped quotes (inside a JSON string), or bare. */
const VALUE = String.raw`(?:"(?<secret>(?:[^"\\\n]|\\[^\n]){1,300})"|'(?<secret2>[^'\\\n]{1,300})'|\\"(?<secret3>[^"\\\n]{1,300})\\"|(?<secret4>[^\s"'\x60&,;()[\]{}<>\\]{1,300})(?=$|[\s"'\x60&,;)\]}<>\\]))`;

/** Names of variables that hold a password. */
const PASSWORD_NAME = '(?:password|passwd|passphrase|pwd)';
/** Lower- or camel-case names of variables that hold a key or a token (`apiKey`, `client_secret`, `github_token`). */
const CREDENTIAL_NAME =
  '(?:(?:api|secret|access|private|client|app|consumer|master|signing|encryption|license|auth)[_-]?key|apikey|token|secret|credentials?)';

const rule = (kind: string, pattern: string, flags: string, accept?: Rule['accept']): Rule => ({
  kind,
  pattern: new RegExp(pattern, `dg${flags}`),
  ...(accept ? { accept } : {}),
});

export const CREDENTIAL_RULES: readonly Rule[] = [
  rule(
    'bearer-token',
    String.raw`\b(?:Proxy-)?Authorization["']?\s*[:=]\s*["']?(?:Bearer|Basic|Token|Bot|Digest)\s+(?<secret>[A-Za-z0-9._~+/=-]{8,})`,
    'i',
  ),
  rule(
    'url-password',
    String.raw`\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@'"\\]{1,100}:(?<secret>[^\s@/'"\\]{1,200})@`,
    'i',
    (secret) => !/^(?:[$%{<*[]|x+$|\*+$)/i.test(secret),
  ),
  // `~/.docker/config.json` ("auth": base64 of user:password) and `.npmrc` (`_auth=`).
  rule(
    'registry-auth',
    String.raw`(?:\\?"auth\\?"[ \t]*:[ \t]*\\?"|(?<![\w-])_auth[ \t]*=[ \t]*["']?)(?<secret>[A-Za-z0-9+/]{8,}={0,2})`,
    '',
    (secret) => mixedToken(secret) || /[+/=]/.test(secret),
  ),
  // A Cookie or Set-Cookie header's value (its name=value pairs and attributes).
  rule(
    'cookie',
    String.raw`\b(?:Set-)?Cookie["']?[ \t]*:[ \t]*["']?(?<secret>[\w.!#$%&*+^|~-]{1,100}=[^\r\n"'\\]{0,4000})`,
    'i',
  ),
  rule(
    'cookie',
    String.raw`\bcurl\b[^\n]{0,300}?[ \t](?:-b|--cookie)[ \t]+(?:"(?<secret>[\w.-]{1,100}=[^"\\\n]{0,4000})"|'(?<secret2>[\w.-]{1,100}=[^'\\\n]{0,4000})'|(?<secret3>[\w.-]{1,100}=[^\s"'\x60\\]{0,4000}))`,
    '',
  ),
  // curl -u user:password, --user user:password.
  rule(
    'password',
    String.raw`\bcurl\b[^\n]{0,300}?[ \t](?:-u[ \t]*|--user(?:[ \t]+|=))["']?[^\s:"'\x60\\]{0,100}:(?<secret>[^\s"'\x60\\]{1,200})`,
    '',
    plausiblePassword,
  ),
  // mysql -pPASSWORD (a password glued to -p; `-p` alone prompts for it).
  rule(
    'password',
    String.raw`\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mariadb|mariadb-dump|mariadb-admin)\b[^\n]{0,300}?[ \t]-p(?:"(?<secret>[^"\\\s]{1,200})"|'(?<secret2>[^'\\\s]{1,200})'|(?<secret3>[^\s"'\x60\\-][^\s"'\x60\\]{0,199}))`,
    '',
    plausiblePassword,
  ),
  // docker login -p PASSWORD, sshpass -p PASSWORD, redis-cli -a PASSWORD.
  rule(
    'password',
    String.raw`(?:\b(?:docker|podman|nerdctl|buildah|skopeo|oras|helm)\b[^\n]{0,60}?\blogin\b[^\n]{0,300}?[ \t]-p[ \t]+|\bsshpass\b[^\n]{0,100}?[ \t]-p[ \t]*|\bredis-cli\b[^\n]{0,300}?[ \t]-a[ \t]+)${VALUE}`,
    '',
    plausiblePassword,
  ),
  // --password PASSWORD (with a space; `--password=` is an assignment, below).
  rule(
    'password',
    String.raw`(?<![\w-])--(?!(?:no|ask|skip|prompt|reset|change|require|force|with|without|use)-)[\w-]{0,30}${PASSWORD_NAME}[ \t]+(?!-)${VALUE}`,
    'i',
    plausiblePassword,
  ),
  rule('password', String.raw`${PASSWORD_NAME}\\?["']?\s*[:=]\s*${VALUE}`, 'i', plausiblePassword),
  // .env and shell: DB_PASS=…, SMTP_PWD=….
  rule(
    'password',
    String.raw`(?<![\w.-])(?<!\x24\{)(?:[A-Z][A-Z0-9]*_)+(?:PASS|PWD)\\?["']?[ \t]*[:=][ \t]*${VALUE}`,
    '',
    plausiblePassword,
  ),
  // .env and shell: API_KEY=…, SECRET_KEY=…, GITLAB_TOKEN=…, STRIPE_SECRET=….
  rule(
    'credential',
    String.raw`(?<![\w.-])(?<!\x24\{)(?:[A-Z][A-Z0-9]*_)+(?:KEY|SECRET|TOKEN|CREDENTIALS?|AUTH)\\?["']?[ \t]*[:=][ \t]*${VALUE}`,
    '',
    plausibleCredential,
  ),
  // Code and config: apiKey = "…", client_secret: …, "github_token": "…".
  rule(
    'credential',
    String.raw`${CREDENTIAL_NAME}(?<!\x24\{[\w.-]{0,60})\\?["']?[ \t]*[:=][ \t]*${VALUE}`,
    'i',
    plausibleCredential,
  ),
  // In a sentence: "my password is hunter2", "the password for the db was 'x y z'".
  rule(
    'password',
    String.raw`\b(?:password|passphrase|passcode|passwd)(?:[ \t]+(?:for|of|on|to)(?:[ \t]+[^\s]{1,40}){1,4}?)?[ \t]+(?:is|was)[ \t]+(?:now[ \t]+|still[ \t]+|set[ \t]+to[ \t]+)?(?:"(?<secret>[^"\\\n]{1,200})"|'(?<secret2>[^'\\\n]{1,200})'|“(?<secret3>[^”\n]{1,200})”|\x60(?<secret4>[^\x60\n]{1,200})\x60|(?<secret5>[^\s"'\x60\\]{1,200}?)(?=[.,;:!?)]*(?:\s|$)))`,
    'i',
    plausibleSpokenPassword,
  ),
];
