/**
 * Credentials of the shapes agents meet in tool output, each in a line as it would appear, with
 * the values that must never be stored in clear. Fake, and assembled from parts so that no scanner
 * mistakes this file for a leak.
 */
export interface SecretShape {
  name: string;
  /** The redaction kind expected. */
  kind: string;
  line: string;
  values: string[];
}

const GITLAB = 'glpat-' + 'Ab3dE5gH7jK9mN1pQ3rS';
const SENDGRID = 'SG.' + 'aBcDeFgHiJkLmNoPqRsTuV.' + 'wXyZ0123456789aBcDeFgHiJkLmNoPqRsTuVwXyZ012';
const AZURE = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFi' + 'Y2RlZmdoaWprbG1ub3BxcnN0dXZ3eHl6QUJDREVGR0g=';
const TWILIO = 'SK' + '0123456789abcdef0123456789abcdef';
const PYPI = 'pypi-' + 'AgEIcHlwaS5vcmcCJGFiY2RlZmFiLTEyMzQtNTY3OC05MGFiLWNkZWYwMTIzNDU2NwACKlsz';
const ENV_KEY = '7f3a9c2e' + '1b8d4f6a';
const DJANGO = 'django-insecure-' + 'k2#m9x!q7w';
const CURL_PW = 'Cu9rl' + 'Pw4ss';
const MYSQL_PW = 'My5ql' + 'Pw4ss';
const DOCKER_PW = 'Dk9r' + 'Pw4ss';
const COOKIE = '31d4d96e' + '407aad42';
const DOCKER_AUTH = 'dXNlcjpw' + 'YXNzd29yZDEyMw==';
const SPOKEN = 'hunter2' + 'Blue7';

export const SECRET_SHAPES: readonly SecretShape[] = [
  {
    name: 'GitLab token in a remote',
    kind: 'gitlab-token',
    line: `git remote set-url origin https://oauth2:${GITLAB}@gitlab.com/group/shop.git`,
    values: [GITLAB],
  },
  {
    name: 'SendGrid key',
    kind: 'sendgrid-key',
    line: `export SENDGRID_API_KEY=${SENDGRID}`,
    values: [SENDGRID],
  },
  {
    name: 'Azure storage connection string',
    kind: 'azure-key',
    line: `DefaultEndpointsProtocol=https;AccountName=shop;AccountKey=${AZURE};EndpointSuffix=core.windows.net`,
    values: [AZURE, AZURE.slice(0, 40)],
  },
  {
    name: 'Twilio API key',
    kind: 'twilio-key',
    line: `created key ${TWILIO} for the shop`,
    values: [TWILIO],
  },
  { name: 'PyPI token', kind: 'pypi-token', line: `TWINE_PASSWORD=${PYPI}`, values: [PYPI] },
  { name: '.env API_KEY', kind: 'credential', line: `API_KEY=${ENV_KEY}`, values: [ENV_KEY] },
  { name: '.env SECRET_KEY', kind: 'credential', line: `SECRET_KEY="${DJANGO}"`, values: [DJANGO] },
  {
    name: 'curl -u',
    kind: 'password',
    line: `curl -u deploy:${CURL_PW} https://ci.example.com/api`,
    values: [CURL_PW],
  },
  {
    name: 'mysql -p',
    kind: 'password',
    line: `mysql -u root -p${MYSQL_PW} shop < dump.sql`,
    values: [MYSQL_PW],
  },
  {
    name: 'docker login --password',
    kind: 'password',
    line: `docker login --username ci --password ${DOCKER_PW} registry.example.com`,
    values: [DOCKER_PW],
  },
  {
    name: 'Set-Cookie header',
    kind: 'cookie',
    line: `Set-Cookie: sid=${COOKIE}; Path=/; Secure; HttpOnly`,
    values: [COOKIE],
  },
  {
    name: 'docker config auth',
    kind: 'registry-auth',
    line: `{"auths": {"registry.example.com": {"auth": "${DOCKER_AUTH}"}}}`,
    values: [DOCKER_AUTH],
  },
  {
    name: 'password in a sentence',
    kind: 'password',
    line: `my password is ${SPOKEN}, keep it`,
    values: [SPOKEN],
  },
];

/** Every value of every shape. */
export const SECRET_VALUES: readonly string[] = SECRET_SHAPES.flatMap((shape) => shape.values);
