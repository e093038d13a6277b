import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../../src/core/store/redact.js';
import { SECRET_SHAPES } from '../../support/secret-shapes.js';

const PEM_BODY = [
  'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj',
  'MzEfYyjiWA4R4/M2bS1GB4t7NXp98C3SC6dVMvDuictGeurT8jNbvJZHtCSuYEvu',
  'NMoSfm76oqFvAp8Gy0iz5sxjZmSnXyCdPEovGhLa0VzMaQ8s+CLOyS56YyCFGeJZ',
];

/** A Google service-account key file as `cat` or a Read tool shows it. */
const SERVICE_ACCOUNT = JSON.stringify(
  {
    type: 'service_account',
    project_id: 'shop-123',
    private_key_id: '0123456789abcdef0123456789abcdef01234567',
    private_key: ['-----BEGIN PRIVATE KEY-----', ...PEM_BODY, '-----END PRIVATE KEY-----', ''].join('\n'),
    client_email: 'bot@shop-123.iam.gserviceaccount.com',
    token_uri: 'https://oauth2.googleapis.com/token',
  },
  null,
  2,
);

describe('redactSecrets: the shapes of tokens, credentials and passwords', () => {
  it.each(SECRET_SHAPES.map((shape) => [shape.name, shape] as const))('redacts a %s', (_name, shape) => {
    const result = redactSecrets(`$ ./deploy.sh\n${shape.line}\ndone`);
    expect(result.kinds).toContain(shape.kind);
    for (const value of shape.values) expect(result.text).not.toContain(value);
    expect(result.text).toMatch(/^\$ \.\/deploy\.sh\n.*\ndone$/);
    expect(redactSecrets(result.text)).toEqual({ text: result.text, count: 0, kinds: [] });
  });

  it('keeps what names the secret: the variable, the flag, the header', () => {
    expect(redactSecrets('mysql -u root -pMy5qlPw4ss shop').text).toBe(
      'mysql -u root -p[REDACTED:password] shop',
    );
    expect(redactSecrets('curl -u deploy:Cu9rlPw4ss https://x').text).toBe(
      'curl -u deploy:[REDACTED:password] https://x',
    );
    expect(redactSecrets('docker login -u ci -p Dk9rPw4ss reg.io').text).toBe(
      'docker login -u ci -p [REDACTED:password] reg.io',
    );
    expect(redactSecrets('Cookie: session=abc123def; theme=dark').text).toBe('Cookie: [REDACTED:cookie]');
    expect(redactSecrets('STRIPE_SECRET: sk9Xq2Lm5Np7Rs4Vw6Zb').text).toBe(
      'STRIPE_SECRET: [REDACTED:credential]',
    );
    expect(redactSecrets('export DB_PASS=hunter2x').text).toBe('export DB_PASS=[REDACTED:password]');
  });

  it.each([
    'PASS: .a/foo.py was ignored',
    'DIMENSION_KEY = "_ARRAY_DIMENSIONS"',
    'export ANTHROPIC_API_KEY=votre-clé-va-ici',
    'API_KEY=your-api-key-here',
    'export API_KEY=$API_KEY',
    'url="${API_KEY:-default1234}"',
    'ANTHROPIC_API_KEY: "sk-ant-…"',
    'const workSecret = opts?.workSecret || readEnv("X");',
    'apiKey: string',
    'SORT_KEY=created_at',
    'max_tokens = 4096',
    'const token = tokens[i];',
    'token = self.next_token()',
    'if (data.password === data.confirm) return;',
    "PWD: '/Users/maciej'",
    'docker run -u 1000:1000 image',
    'curl --user-agent "Mozilla/5.0 (X11)" https://x',
    'mysql -u root -p shop',
    'docker login --password-stdin registry.io',
    'docker login -u me -p PASSWORD registry.io',
    'The password is incorrect.',
    'Your password is not strong enough',
    'eos_token = "<|endoftext|>"',
    "const ZONE_OVERRIDE_TOKEN = 'zr-5512-kappa'; // a short code, not an issued token",
    'on command lines (`curl -u`, `mysql -p`, `docker login -p`)',
    '"token_uri": "https://oauth2.googleapis.com/token"',
  ])('leaves ordinary code, output and prose alone: %s', (text) => {
    expect(redactSecrets(text)).toEqual({ text, count: 0, kinds: [] });
  });
});

describe('redactSecrets inside JSON text', () => {
  it('keeps a service-account key file valid JSON: the key body goes, its escaped line breaks stay', () => {
    const { text, count } = redactSecrets(SERVICE_ACCOUNT);
    expect(count).toBe(1);
    const parsed = JSON.parse(text) as { private_key: string; client_email: string };
    expect(parsed.private_key).toBe(
      '-----BEGIN PRIVATE KEY-----\n[REDACTED:private-key]\n-----END PRIVATE KEY-----\n',
    );
    expect(parsed.client_email).toBe('bot@shop-123.iam.gserviceaccount.com');
    for (const line of PEM_BODY) expect(text).not.toContain(line);
    expect(redactSecrets(text).count).toBe(0);
  });

  it('keeps a password inside the quotes of a JSON value, escaped quotes and all', () => {
    const text = JSON.stringify({ password: 'S3cr3t!pass', cmd: 'mysql --password="My5qlPw4ss" shop' });
    const redacted = redactSecrets(text).text;
    expect(JSON.parse(redacted)).toEqual({
      password: '[REDACTED:password]',
      cmd: 'mysql --password="[REDACTED:password]" shop',
    });
  });

  it('reads an escaped line break as one: a command on the next line of a JSON string is found', () => {
    const text = JSON.stringify({
      script: 'cd /srv\ncurl -u deploy:Cu9rlPw4ss https://ci/api\nGITLAB_TOKEN=xyz',
    });
    expect(JSON.parse(redactSecrets(text).text)).toEqual({
      script: 'cd /srv\ncurl -u deploy:[REDACTED:password] https://ci/api\nGITLAB_TOKEN=xyz',
    });
    // After the break the text reads "pm_…", which is no npm token.
    const notAToken = JSON.stringify({ out: `x\npm_${'A1'.repeat(18)}` });
    expect(redactSecrets(notAToken).text).toBe(notAToken);
  });

  it('keeps any JSON valid and drops every secret planted in its strings (property)', () => {
    const noise = fc.string({
      unit: fc.constantFrom('a', 'Z', '7', ' ', '"', '\\', '\n', '\t', 'é', '😀', '/', ':'),
      maxLength: 30,
    });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(noise, fc.constantFrom(...SECRET_SHAPES), noise), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (parts, pretty) => {
          const value = Object.fromEntries(
            parts.map(([a, shape, b], i) => [`k${i}`, `${a} ${shape.line} ${b}`]),
          );
          const text = JSON.stringify(value, null, pretty ? 2 : undefined);
          const redacted = redactSecrets(text).text;
          const parsed = JSON.parse(redacted) as Record<string, string>;
          expect(Object.keys(parsed)).toEqual(Object.keys(value));
          for (const [, shape] of parts)
            for (const secret of shape.values) expect(Object.values(parsed).join('\n')).not.toContain(secret);
        },
      ),
      { numRuns: 300, seed: 41 },
    );
  });
});
