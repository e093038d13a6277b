/**
 * Runs the fake server until killed: `npx tsx test/support/fake-anthropic/serve.ts --script FILE [--port N] [--log FILE]`.
 * FILE is JSON (an array of steps, or `{script, contextWindow?, strict?}`) or a .ts/.js module whose
 * default export (or `options` export) is a step array or full options (functions and `standing` allowed).
 * Prints the base URL as the first stdout line; `--log` appends one JSON line per request.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startFakeAnthropic } from './server.js';
import type { FakeAnthropicOptions, ScriptStep } from './types.js';

async function loadOptions(file: string): Promise<FakeAnthropicOptions> {
  let loaded: unknown;
  if (file.endsWith('.json')) loaded = JSON.parse(readFileSync(file, 'utf8'));
  else {
    const module = (await import(pathToFileURL(resolve(file)).href)) as {
      default?: unknown;
      options?: unknown;
    };
    loaded = module.options ?? module.default;
  }
  if (Array.isArray(loaded)) return { script: loaded as ScriptStep[] };
  if (loaded && typeof loaded === 'object' && Array.isArray((loaded as FakeAnthropicOptions).script))
    return loaded as FakeAnthropicOptions;
  throw new Error(`${file}: expected an array of steps or {script: [...]}`);
}

const USAGE = 'usage: serve.ts --script FILE.json|FILE.ts [--port N] [--log FILE]\n';

function fail(message: string): never {
  process.stderr.write(`serve.ts: ${message}\n${USAGE}`);
  process.exit(2);
}

let values: { script?: string; port?: string; log?: string };
try {
  ({ values } = parseArgs({
    options: { script: { type: 'string' }, port: { type: 'string' }, log: { type: 'string' } },
  }));
} catch (error) {
  fail((error as Error).message);
}
if (!values.script) fail('--script is required');
const port = values.port === undefined ? undefined : Number(values.port);
if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65_535))
  fail(`--port must be a whole number from 0 to 65535 (got ${JSON.stringify(values.port)})`);
let options: FakeAnthropicOptions;
try {
  options = await loadOptions(values.script);
} catch (error) {
  fail(`cannot load the script: ${(error as Error).message}`);
}
if (port !== undefined) options.port = port;
const log = values.log;
options.onRequest = (request) => {
  const headers = { ...request.headers };
  for (const secret of ['x-api-key', 'authorization']) if (headers[secret]) headers[secret] = '[redacted]';
  const line = {
    index: request.index,
    method: request.method,
    path: request.path,
    headers,
    status: request.status,
    step: request.step,
    standing: request.standing,
    usage: request.usage,
    body: request.body,
  };
  if (log) appendFileSync(log, JSON.stringify(line) + '\n');
};
const fake = await startFakeAnthropic(options);
process.stdout.write(`${fake.url}\n`);
const stop = () => {
  for (const violation of fake.violations)
    process.stderr.write(`violation: request #${violation.request}: ${violation.message}\n`);
  void fake.close().then(() => process.exit(fake.violations.length > 0 ? 1 : 0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
