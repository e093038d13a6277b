import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serviceLog } from './service-log.js';
import { pricingJs } from './source-files.js';

/**
 * A project a chat session reads: `logs/service.log` (the settlement ref among its errors),
 * `src/pricing.js` (the late fee) and `filler` passing test runs `run_N.log` of `lines` lines each,
 * written by `line`, that fill the context after the two were read.
 */
export function writeChatProject(
  cwd: string,
  filler: { count: number; lines: number; line: (run: number, n: number) => string },
): void {
  mkdirSync(join(cwd, 'logs'));
  mkdirSync(join(cwd, 'src'));
  writeFileSync(join(cwd, 'logs', 'service.log'), serviceLog().text);
  writeFileSync(join(cwd, 'src', 'pricing.js'), pricingJs());
  for (let i = 0; i < filler.count; i++)
    writeFileSync(
      join(cwd, `run_${i}.log`),
      Array.from({ length: filler.lines }, (_, n) => filler.line(i, n)).join('\n'),
    );
}
