import type { Transcript } from '../../../../core/transcript/index.js';
import { AGENT_SYSTEM, AGENT_TOOLS } from '../agent.js';
import { createSessionBuilder, numbered } from '../builder.js';
import { gitDiff, grepOutput, lsLong } from '../misc.js';
import { createRng } from '../random.js';
import { tscErrors, tsModule, vitestLog, type TsModule, type VitestFailure } from '../typescript.js';
import {
  SOURCES,
  pinoLog,
  sourceOf,
  window,
  tsErrorsFor,
  retryHits,
  vitestFailures,
  testSource,
  configJson,
  PACKAGE_JSON,
  DOCS,
  HELPER,
  DEPRECATION,
  DEPRECATION_TEST,
  DIFF_STAT,
  README,
  CHANGELOG,
} from './retry-config-data.js';

const ROOT = '/home/dev/relay';
const TEST_FILES = [
  { file: 'test/config/retry.test.ts', tests: 14 },
  { file: 'test/config/load.test.ts', tests: 22 },
  { file: 'test/queue/consumer.test.ts', tests: 17 },
  { file: 'test/queue/producer.test.ts', tests: 11 },
  { file: 'test/http/client.test.ts', tests: 19 },
  { file: 'test/http/server.test.ts', tests: 9 },
];

/** A long TypeScript session: a config option renamed across a service, with type errors and failing tests on the way. */
export function retryConfigSession(): Transcript {
  const rng = createRng(7413);
  const s = createSessionBuilder(
    {
      id: 'builtin-retry-config',
      title: 'relay: nest retry options under `retry`',
      system: AGENT_SYSTEM,
      tools: AGENT_TOOLS,
      cwd: ROOT,
      model: 'claude-sonnet-4-5',
      startedAt: '2025-04-02T13:40:00Z',
    },
    rng,
  );
  const p = (path: string) => `${ROOT}/${path}`;
  const modules = new Map<string, TsModule>(
    SOURCES.map(([path, subject, fields]) => [path, tsModule(rng, path, subject, fields, rng.int(12, 16))]),
  );
  const mod = (path: string) => modules.get(path) as TsModule;
  const errors = tsErrorsFor(rng);

  s.user(
    'In relay, `retryBackoffMs` is duplicated in five option objects and they have drifted apart (the consumer defaults to 200, the ' +
      'http client to 1000). Please replace them with one nested `retry: { backoffMs, maxAttempts, jitter }` read from the shared ' +
      'config, keep reading the old key for one release with a deprecation warning, and update the docs. Do not touch src/metrics.',
  );
  s.tool(
    'Bash',
    { command: 'ls -la && cat package.json' },
    `${lsLong(rng, ['.github', '.gitignore', 'README.md', 'config', 'docs', 'package.json', 'pnpm-lock.yaml', 'src', 'test', 'tsconfig.json', 'vitest.config.ts'])}\n${PACKAGE_JSON}`,
    { thought: 'Getting the lay of the land first.' },
  );
  s.tool('Grep', { pattern: 'retryBackoffMs', path: '.' }, grepOutput(retryHits(rng)));
  s.tool('Bash', { command: 'tail -n 120 logs/relay-2025-04-01.log' }, pinoLog(rng, 120), {
    thought: 'Checking what delays the services actually use in the logs before changing anything.',
  });
  for (const [path] of SOURCES) s.tool('Read', { file_path: p(path) }, numbered(mod(path).text));
  s.tool('Read', { file_path: p('config/default.json') }, numbered(configJson(rng, 'default')));
  s.tool('Read', { file_path: p('config/production.json') }, numbered(configJson(rng, 'production')));
  s.tool('Read', { file_path: p('docs/configuration.md') }, numbered(DOCS));
  s.say(
    'Five places define `retryBackoffMs` (src/config/retry.ts, load.ts, queue/consumer.ts, queue/producer.ts, http/client.ts) with ' +
      'defaults 500, 500, 200, 500 and 1000. Plan: a `RetryOptions` type and `resolveRetry()` in src/config/retry.ts, the loader maps the ' +
      'old key with a warning, and the four users take `config.retry`. Starting with the type.',
  );
  s.user('Sounds right. Use 500 as the single default.');
  s.tool(
    'Edit',
    {
      file_path: p('src/config/retry.ts'),
      old_string: 'export interface RetryPolicy {',
      new_string:
        'export interface RetryOptions {\n  backoffMs: number;\n  maxAttempts: number;\n  jitter: boolean;\n}\n\nexport const RETRY_DEFAULTS: RetryOptions = { backoffMs: 500, maxAttempts: 5, jitter: true };\n\nexport interface RetryPolicy {',
    },
    `The file ${p('src/config/retry.ts')} has been updated.`,
  );
  s.tool(
    'Edit',
    {
      file_path: p('src/config/load.ts'),
      old_string: '  retryBackoffMs: number;',
      new_string: '  retry: RetryOptions;',
    },
    `The file ${p('src/config/load.ts')} has been updated.`,
  );
  s.tool('Bash', { command: 'pnpm tsc --noEmit' }, tscErrors(errors), {
    isError: true,
    thought: 'Letting the compiler list every place that still uses the old field.',
  });
  for (const e of errors.slice(0, 6)) {
    s.tool(
      'Read',
      { file_path: p(e.file), offset: Math.max(1, e.line - 12), limit: 30 },
      numbered(window(mod(sourceOf(e.file)).text, e.line - 12, 30), Math.max(1, e.line - 12)),
    );
    s.tool(
      'Edit',
      { file_path: p(e.file), old_string: 'options.retryBackoffMs', new_string: 'options.retry.backoffMs' },
      `The file ${p(e.file)} has been updated.`,
    );
  }
  s.tool('Bash', { command: 'pnpm tsc --noEmit' }, tscErrors(errors.slice(6)), { isError: true });
  for (const e of errors.slice(6))
    s.tool(
      'Edit',
      { file_path: p(e.file), old_string: 'retryBackoffMs', new_string: 'retry.backoffMs' },
      `The file ${p(e.file)} has been updated.`,
    );
  s.tool('Bash', { command: 'pnpm tsc --noEmit && echo ok' }, 'ok');
  const failures = vitestFailures();
  s.tool('Bash', { command: 'pnpm vitest run' }, vitestLog(rng, TEST_FILES, failures), { isError: true });
  s.tool(
    'Bash',
    { command: 'pnpm vitest run test/queue/consumer.test.ts --reporter=verbose 2>&1 | tail -80' },
    `${pinoLog(rng, 40)}\n${vitestLog(rng, [TEST_FILES[2] as { file: string; tests: number }], failures.slice(0, 1))}`,
    { isError: true },
  );
  for (const f of failures) {
    s.tool(
      'Read',
      { file_path: p(f.file), offset: f.line - 20, limit: 40 },
      numbered(testSource(rng, f), f.line - 20),
    );
  }
  s.tool('Read', { file_path: p('test/helpers/config.ts') }, numbered(HELPER));
  s.tool(
    'Read',
    { file_path: p('test/queue/consumer.test.ts') },
    numbered(
      testSource(rng, failures[0] as VitestFailure) + '\n\n' + testSource(rng, failures[0] as VitestFailure),
    ),
  );
  s.tool(
    'Edit',
    {
      file_path: p('test/helpers/config.ts'),
      old_string: '    retryBackoffMs: 200,',
      new_string: '    retry: { backoffMs: 500, maxAttempts: 5, jitter: false },',
    },
    `The file ${p('test/helpers/config.ts')} has been updated.`,
    {
      thought:
        'The failing tests build configs through test/helpers/config.ts, which still sets retryBackoffMs: 200.',
    },
  );
  s.tool('Bash', { command: 'pnpm vitest run' }, vitestLog(rng, TEST_FILES, failures.slice(2)), {
    isError: true,
  });
  s.tool(
    'Edit',
    {
      file_path: p('test/queue/consumer.test.ts'),
      old_string: 'expect(delays).toEqual([200, 400, 800])',
      new_string: 'expect(delays).toEqual([500, 1000, 2000])',
    },
    `The file ${p('test/queue/consumer.test.ts')} has been updated.`,
  );
  s.tool('Bash', { command: 'pnpm vitest run' }, vitestLog(rng, TEST_FILES, []));
  s.say('Types check and all 92 tests pass. Next: the deprecation path for the old key, then the docs.');
  s.tool(
    'Read',
    { file_path: p('src/config/load.ts'), offset: 1, limit: 60 },
    numbered(window(mod('src/config/load.ts').text, 0, 60)),
  );
  s.tool(
    'Edit',
    {
      file_path: p('src/config/load.ts'),
      old_string: '  const parsed = relayConfigSchema.safeParse(input);',
      new_string: DEPRECATION,
    },
    `The file ${p('src/config/load.ts')} has been updated.`,
  );
  s.tool(
    'Write',
    { file_path: p('test/config/deprecated-retry.test.ts'), content: DEPRECATION_TEST },
    `File created successfully at: ${p('test/config/deprecated-retry.test.ts')}`,
  );
  s.tool(
    'Bash',
    { command: 'pnpm vitest run test/config' },
    vitestLog(
      rng,
      [...TEST_FILES.slice(0, 2), { file: 'test/config/deprecated-retry.test.ts', tests: 3 }],
      [],
    ),
  );
  s.tool(
    'Edit',
    {
      file_path: p('docs/configuration.md'),
      old_string: '| `retryBackoffMs` | number | 500 | Delay before the first retry; doubles each attempt. |',
      new_string:
        '| `retry.backoffMs` | number | 500 | Delay before the first retry; doubles each attempt. |\n| `retry.maxAttempts` | number | 5 | Attempts before a message goes to the DLQ. |\n| `retry.jitter` | boolean | true | Randomise delays by ±20%. |',
    },
    `The file ${p('docs/configuration.md')} has been updated.`,
  );
  s.tool('Bash', { command: 'git diff --stat' }, DIFF_STAT);
  for (const [path] of SOURCES.slice(0, 5)) {
    s.tool(
      'Read',
      { file_path: p(path) },
      numbered(mod(path).text.replaceAll('retryBackoffMs', 'retry.backoffMs')),
      path === SOURCES[0]?.[0]
        ? { thought: 'Reviewing the final state of each changed source file before summarising.' }
        : {},
    );
  }
  s.tool(
    'Bash',
    { command: 'git diff src/queue/consumer.ts' },
    gitDiff(
      'src/queue/consumer.ts',
      48,
      ['  const delay = computeDelay(attempt, {'],
      ['    base: options.retryBackoffMs ?? 200,'],
      ['    base: options.retry.backoffMs,'],
    ),
  );
  s.say(
    'Done. `retry` is now one nested option (default backoff 500 ms) resolved in src/config/retry.ts; the loader still accepts ' +
      '`retryBackoffMs` for one release and logs a deprecation warning; docs/configuration.md documents the three fields. ' +
      'src/metrics is untouched. 95 tests pass.',
  );
  s.user(
    'The consumer test you changed: why did the delays go from 200 to 500? I want to be sure this is intended and not hiding a bug.',
  );
  s.say(
    'Intended: the consumer had its own default of 200 ms (src/queue/consumer.ts), which is exactly the drift you described. With one ' +
      'default of 500 the first three delays become 500, 1000 and 2000 ms. The failing assertion in test/queue/consumer.test.ts encoded the old ' +
      'consumer-specific default, not a behaviour anyone relies on: production.json already sets 500 for every service.',
  );
  s.user('OK. Last thing: the CHANGELOG and a note in the README about the deprecated key.');
  s.tool('Read', { file_path: p('README.md') }, numbered(README));
  s.tool(
    'Edit',
    {
      file_path: p('README.md'),
      old_string: '## Configuration',
      new_string:
        '## Configuration\n\n> `retryBackoffMs` is deprecated: use `retry.backoffMs`. The old key is read until 3.0 and logs a warning.',
    },
    `The file ${p('README.md')} has been updated.`,
  );
  s.tool('Bash', { command: 'head -20 CHANGELOG.md' }, CHANGELOG);
  s.tool(
    'Edit',
    {
      file_path: p('CHANGELOG.md'),
      old_string: '## Unreleased',
      new_string:
        '## Unreleased\n\n- `retry: { backoffMs, maxAttempts, jitter }` replaces the per-service `retryBackoffMs` (deprecated, read until 3.0).',
    },
    `The file ${p('CHANGELOG.md')} has been updated.`,
  );
  s.tool(
    'Bash',
    { command: 'pnpm lint && pnpm tsc --noEmit && pnpm vitest run' },
    `${vitestLog(rng, [...TEST_FILES, { file: 'test/config/deprecated-retry.test.ts', tests: 3 }], [])}`,
  );
  s.say('README and CHANGELOG updated; lint, types and the 95 tests pass.');
  return s.build();
}
