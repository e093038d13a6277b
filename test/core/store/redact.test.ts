import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../../src/core/store/redact.js';

// Real-looking but fake credentials, assembled so no scanner mistakes this file for a leak.
const ANTHROPIC =
  'sk-ant-api03-' +
  'Xq3vB9kLmN2pQ7rS5tU8wY1zA4cD6eF0gH-jK_9mN3pQ5rS7tU2vW4xY6zA8bC0dE1fG3hJ5kL7mN9pQ-AbCdEfAA';
const OPENAI = 'sk-proj-' + 'T3BlbkFJ9x8Yq2Lm5Np7Rs4Vw6Zb1Cd3Ef5Gh7Jk9Mn2Pq4St6Uv8Wx0Yz1Ab3Cd5Ef7Gh9_Jk-Lm';
const OPENAI_LEGACY = 'sk-' + 'Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78St90Uv12Wx34';
const AWS_ID = 'AKIA' + 'IOSFODNN7EXAMPLE';
const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/' + 'bPxRfiCYEXAMPLEKEY';
const GITHUB = 'ghp_' + 'R2d2C3p0L8kM4nB6vX1zQ9wE7rT5yU3iO0pA';
const GITHUB_FINE =
  'github_pat_' + '11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV0123456789ab';
const SLACK = 'xoxb-' + '2048-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx';
const PRIVATE_KEY = [
  '-----BEGIN OPENSSH PRIVATE KEY-----',
  'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW',
  'QyNTUxOQAAACDx5b8r2Jk0m1Q8bK4n7fXyGm0Yp1w3W8y6e3r9w2Q5hAAAAJgAAAAA',
  '-----END OPENSSH PRIVATE KEY-----',
].join('\n');

describe('redactSecrets', () => {
  it.each([
    ['Anthropic API key', `export ANTHROPIC_API_KEY=${ANTHROPIC}`, 'anthropic-key'],
    ['OpenAI project key', `OPENAI_API_KEY="${OPENAI}"`, 'openai-key'],
    ['OpenAI legacy key', `client = OpenAI(api_key="${OPENAI_LEGACY}")`, 'openai-key'],
    ['AWS access key id', `aws_access_key_id = ${AWS_ID}`, 'aws-access-key'],
    ['AWS secret key', `aws_secret_access_key = ${AWS_SECRET}`, 'aws-secret-key'],
    ['GitHub classic token', `git clone https://x-access-token:${GITHUB}@github.com/o/r`, 'github-token'],
    ['GitHub fine-grained token', `GH_TOKEN=${GITHUB_FINE}`, 'github-token'],
    ['Slack bot token', `SLACK_BOT_TOKEN=${SLACK}`, 'slack-token'],
    ['private key block', `$ cat ~/.ssh/id_ed25519\n${PRIVATE_KEY}\n$ `, 'private-key'],
    [
      'bearer header',
      'curl -H "Authorization: Bearer eyJhbGciOi.abc123DEF456ghi789" https://api.example.com',
      'bearer-token',
    ],
    ['password assignment', 'DB_PASSWORD=hunter2-correct-horse', 'password'],
    ['password in JSON', '{"user": "admin", "password": "S3cr3t!pass"}', 'password'],
    ['password in a URL', 'DATABASE_URL=postgres://app:pa55w0rd@db.internal:5432/app', 'url-password'],
  ])('redacts a %s', (_name, text, kind) => {
    const result = redactSecrets(text);
    expect(result.count).toBeGreaterThanOrEqual(1);
    expect(result.kinds).toContain(kind);
    expect(result.text).toContain(`[REDACTED:${kind}]`);
    for (const secret of [
      ANTHROPIC,
      OPENAI,
      OPENAI_LEGACY,
      AWS_ID,
      AWS_SECRET,
      GITHUB,
      GITHUB_FINE,
      SLACK,
      'hunter2',
      'S3cr3t!pass',
      'pa55w0rd',
    ]) {
      expect(result.text).not.toContain(secret);
    }
  });

  it.each([
    ['after its key id in a credentials CSV', `bob,,${AWS_ID},${AWS_SECRET},https://console`],
    ['after its key id on the next line', `Access key ID: ${AWS_ID}\nSecret access key: ${AWS_SECRET}`],
    ['named by a flag with no "="', `aws configure set aws_secret_access_key ${AWS_SECRET}`],
    ['named in a sentence', `the secret key is ${AWS_SECRET}, keep it safe`],
  ])('redacts an AWS secret key with no KEY= beside it: %s', (_name, text) => {
    const { text: out } = redactSecrets(text);
    expect(out).not.toContain(AWS_SECRET);
    expect(out).not.toContain(AWS_ID);
  });

  it('leaves a 40-character git SHA after a key id alone (hex has no upper case)', () => {
    const sha = '3f786850e387550fdab836ed7e6dc881de23001b';
    expect(redactSecrets(`${AWS_ID} commit ${sha}`).text).toBe(`[REDACTED:aws-access-key] commit ${sha}`);
  });

  it('keeps the header and footer of a private key block and drops its body', () => {
    const { text } = redactSecrets(PRIVATE_KEY);
    expect(text).toBe(
      '-----BEGIN OPENSSH PRIVATE KEY-----\n[REDACTED:private-key]\n-----END OPENSSH PRIVATE KEY-----',
    );
  });

  it('redacts a private key cut short by head or truncation', () => {
    const cut = PRIVATE_KEY.split('\n').slice(0, 2).join('\n');
    const { text, count } = redactSecrets(`${cut}\n`);
    expect(count).toBe(1);
    expect(text).not.toContain('b3BlbnNzaC1rZXkt');
  });

  it('keeps every line after a key cut short: only its base64 body goes', () => {
    const prose = Array.from({ length: 200 }, (_, i) => `Line ${i} of the notes says the deploy went fine`);
    const cut = PRIVATE_KEY.split('\n').slice(0, 2).join('\n');
    const { text, count } = redactSecrets(`${cut}\n${prose.join('\n')}`);
    expect(count).toBe(1);
    expect(text).toBe(`-----BEGIN OPENSSH PRIVATE KEY-----\n[REDACTED:private-key]\n${prose.join('\n')}`);
  });

  it('leaves grep output that names key headers intact', () => {
    const grep = [
      'src/keys.py:12:    HEADER = "-----BEGIN RSA PRIVATE KEY-----"',
      'src/keys.py:40:    if line.startswith("-----BEGIN RSA PRIVATE KEY-----"):',
      'tests/test_keys.py:0: assert parse(pem) is not None',
      'tests/test_keys.py:8:    FOOTER = "-----END RSA PRIVATE KEY-----"',
    ].join('\n');
    expect(redactSecrets(grep)).toEqual({ text: grep, count: 0, kinds: [] });
  });

  it('does not swallow the text between a cut key and a later whole key', () => {
    const cut = PRIVATE_KEY.split('\n').slice(0, 2).join('\n');
    const { text, count } = redactSecrets(`${cut}\nthe log in between stays\n${PRIVATE_KEY}`);
    expect(count).toBe(2);
    expect(text).toContain('\nthe log in between stays\n');
    expect(text).not.toContain('b3BlbnNzaC1rZXkt');
  });

  it('redacts an encrypted PEM cut short, headers and all, and a key inside a JSON string', () => {
    const encrypted = [
      '-----BEGIN RSA PRIVATE KEY-----',
      'Proc-Type: 4,ENCRYPTED',
      'DEK-Info: AES-128-CBC,8A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6D',
      '',
      'MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi2l7GfbYqQh5pX0sLQk2nS3P1Z',
      'done.',
    ].join('\n');
    expect(redactSecrets(encrypted).text).toBe(
      '-----BEGIN RSA PRIVATE KEY-----\n[REDACTED:private-key]\ndone.',
    );
    const json = `{"key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\nYzX0aB7c==", "ok": true}`;
    const { text } = redactSecrets(json);
    expect(text).not.toContain('MIIEvQ');
    expect(text).toContain('"ok": true}');
  });

  it('keeps what surrounds a secret: the Authorization prefix and the URL host', () => {
    expect(redactSecrets('Authorization: Bearer abcdef0123456789xyz').text).toBe(
      'Authorization: Bearer [REDACTED:bearer-token]',
    );
    expect(redactSecrets('postgres://app:pa55w0rd@db:5432/x').text).toBe(
      'postgres://app:[REDACTED:url-password]@db:5432/x',
    );
  });

  it('counts every secret found', () => {
    const result = redactSecrets(`a=${AWS_ID}\nb=${GITHUB}\npassword=letmein99`);
    expect(result.count).toBe(3);
  });

  it.each([
    'password = getpass.getpass()',
    'password = os.environ["DB_PASSWORD"]',
    'password: str',
    'def login(user: str, password: Optional[str] = None):',
    'password=$DB_PASSWORD',
    'password: ${{ secrets.DB_PASSWORD }}',
    'curl -H "Authorization: Bearer $TOKEN" https://api.example.com',
    'postgres://user:$PGPASSWORD@localhost/db',
    'const task = "sk-learn is not a key"',
    'ASIA is a continent; AKIA is not a word',
    'expect(form.password).toBe("")',
  ])('leaves code and placeholders alone: %s', (text) => {
    expect(redactSecrets(text)).toEqual({ text, count: 0, kinds: [] });
  });

  it('is idempotent: redacting redacted text changes nothing', () => {
    const once = redactSecrets(`token ${ANTHROPIC}\npassword=hunter22\n${PRIVATE_KEY}\nhttps://u:p4ss@h/`);
    const twice = redactSecrets(once.text);
    expect(twice.text).toBe(once.text);
    expect(twice.count).toBe(0);
  });

  it('returns ordinary text unchanged (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        const result = redactSecrets(text);
        if (result.count === 0) expect(result.text).toBe(text);
        expect(redactSecrets(result.text).count).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('scans a 1 MB log quickly', () => {
    const line = 'INFO 2025-01-01 12:00:00 request passed in 12ms path=/api/v1/items?page=2&sort=asc\n';
    const big = line.repeat(Math.ceil(1_000_000 / line.length));
    const t0 = performance.now();
    redactSecrets(big);
    expect(performance.now() - t0).toBeLessThan(1_500);
  });
});
