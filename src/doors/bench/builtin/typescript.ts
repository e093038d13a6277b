import type { Rng } from './random.js';

export interface TsModule {
  path: string;
  text: string;
  exports: Array<{ name: string; line: number }>;
}

const VERBS = ['load', 'resolve', 'normalize', 'merge', 'validate', 'render', 'parse', 'apply'];

/** A plausible TypeScript module around one config-like interface. */
export function tsModule(
  rng: Rng,
  path: string,
  subject: string,
  fields: string[],
  exportCount: number,
): TsModule {
  const type = subject[0]?.toUpperCase() + subject.slice(1);
  const lines = [
    `import { readFile } from 'node:fs/promises';`,
    `import { z } from 'zod';`,
    `import { logger } from '../logger.js';`,
    `import type { Context } from '../context.js';`,
    '',
    `export interface ${type} {`,
    ...fields.map((f, i) => `  ${f}${i % 3 === 2 ? '?' : ''}: ${i % 2 ? 'number' : 'string'};`),
    '}',
    '',
    `const ${subject}Schema = z.object({`,
    ...fields.map(
      (f, i) =>
        `  ${f}: z.${i % 2 ? 'number().int().nonnegative()' : 'string().min(1)'}${i % 3 === 2 ? '.optional()' : ''},`,
    ),
    '});',
    '',
  ];
  const exports: TsModule['exports'] = [];
  const used = new Set<string>();
  for (let i = 0; exports.length < exportCount && i < exportCount * 4; i++) {
    const verb = rng.pick(VERBS);
    const name = `${verb}${type}`;
    if (used.has(name)) continue;
    used.add(name);
    exports.push({ name, line: lines.length + 2 });
    const field = rng.pick(fields);
    lines.push(
      `/** ${verb[0]?.toUpperCase()}${verb.slice(1)}s a ${subject} from its stored form; throws on invalid input. */`,
    );
    lines.push(`export async function ${name}(ctx: Context, input: unknown): Promise<${type}> {`);
    lines.push(`  const parsed = ${subject}Schema.safeParse(input);`);
    lines.push('  if (!parsed.success) {');
    lines.push(`    logger.warn({ issues: parsed.error.issues }, '${subject} rejected');`);
    lines.push(
      `    throw new ConfigError(\`invalid ${subject}: \${parsed.error.issues[0]?.message ?? 'unknown'}\`);`,
    );
    lines.push('  }');
    if (rng.chance(0.5)) {
      lines.push(
        `  const overrides = JSON.parse(await readFile(ctx.paths.${subject}Overrides, 'utf8')) as Partial<${type}>;`,
      );
      lines.push(
        `  return { ...parsed.data, ...overrides, ${field}: overrides.${field} ?? parsed.data.${field} };`,
      );
    } else {
      lines.push(`  ctx.metrics.increment('${subject}.${verb}');`);
      lines.push(`  return parsed.data;`);
    }
    lines.push('}', '');
  }
  lines.push(
    `export class ConfigError extends Error {`,
    `  override readonly name = 'ConfigError';`,
    '}',
    '',
  );
  return { path, text: lines.join('\n'), exports };
}

/** `tsc --noEmit` output. */
export function tscErrors(
  errors: Array<{ file: string; line: number; col: number; code: number; message: string }>,
): string {
  const out = errors.map((e) => `${e.file}(${e.line},${e.col}): error TS${e.code}: ${e.message}`);
  const files = new Set(errors.map((e) => e.file)).size;
  out.push(
    '',
    `Found ${errors.length} error${errors.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}.`,
  );
  return out.join('\n');
}

export interface VitestFailure {
  file: string;
  suite: string;
  test: string;
  expected: string;
  received: string;
  line: number;
}

/** A vitest run: per-file results, failure details, summary. */
export function vitestLog(
  rng: Rng,
  files: Array<{ file: string; tests: number }>,
  failures: VitestFailure[],
): string {
  const out = ['', ' RUN  v1.6.0 /home/dev/relay', ''];
  for (const f of files) {
    const failed = failures.filter((x) => x.file === f.file).length;
    const ms = rng.int(4, 380);
    out.push(
      ` ${failed ? '❯' : '✓'} ${f.file} (${f.tests} test${f.tests === 1 ? '' : 's'}${failed ? ` | ${failed} failed` : ''}) ${ms}ms`,
    );
    for (const x of failures.filter((y) => y.file === f.file)) out.push(`   × ${x.suite} > ${x.test}`);
  }
  if (failures.length) {
    out.push('', `⎯⎯⎯⎯⎯⎯⎯ Failed Tests ${failures.length} ⎯⎯⎯⎯⎯⎯⎯`, '');
    for (const x of failures) {
      out.push(` FAIL  ${x.file} > ${x.suite} > ${x.test}`);
      out.push(`AssertionError: expected ${x.received} to deeply equal ${x.expected}`, '');
      out.push('- Expected', '+ Received', '', `- ${x.expected}`, `+ ${x.received}`, '');
      out.push(` ❯ ${x.file}:${x.line}:${rng.int(5, 30)}`, '');
    }
  }
  const total = files.reduce((n, f) => n + f.tests, 0);
  out.push(
    ` Test Files  ${new Set(failures.map((x) => x.file)).size ? `${new Set(failures.map((x) => x.file)).size} failed | ` : ''}${files.length - new Set(failures.map((x) => x.file)).size} passed (${files.length})`,
  );
  out.push(
    `      Tests  ${failures.length ? `${failures.length} failed | ` : ''}${total - failures.length} passed (${total})`,
  );
  out.push(`   Duration  ${(rng.next() * 4 + 1).toFixed(2)}s`);
  return out.join('\n');
}
