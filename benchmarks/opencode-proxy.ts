/**
 * opencode (a second real client, claude-sonnet-5-5, which asks the API to drop thinking blocks that
 * fail the prefix check instead of failing) against the fake Messages API with the check on, straight
 * and through `gardener proxy`: requests failed, thinking blocks the API dropped, how the session's
 * large log first reached the model, the needle in it, and cost (reads at 0.05× input).
 *
 *   npx tsx benchmarks/opencode-proxy.ts [--budget 16000] [--check on|off]
 *
 * Needs opencode (GARDENER_OPENCODE_BIN or /work/peers/opencode).
 */
import { parseArgs } from 'node:util';
import { OPENCODE_BIN, opencodePresent } from '../test/support/opencode.js';
import { runOpencodeSession, type OpencodeFigures } from '../test/support/opencode-run.js';

const { values } = parseArgs({
  options: { budget: { type: 'string', default: '16000' }, check: { type: 'string', default: 'on' } },
});
if (!opencodePresent) {
  process.stderr.write(`no opencode at ${OPENCODE_BIN}; set GARDENER_OPENCODE_BIN\n`);
  process.exit(2);
}
const account = values.check === 'off' ? ('old' as const) : ('new' as const);
const runs: Array<[string, OpencodeFigures]> = [
  ['direct', await runOpencodeSession({ account })],
  [
    `proxy --budget ${values.budget}`,
    await runOpencodeSession({ account, proxy: ['--budget', values.budget] }),
  ],
];
process.stdout.write(
  `opencode · claude-sonnet-5-5 · check ${values.check}\n` +
    'mode                     exit  requests  failed  dropped  log first sent  needle  peak    cost\n',
);
const direct = runs[0]![1].cost;
for (const [name, r] of runs)
  process.stdout.write(
    `${name.padEnd(24)} ${String(r.exitCode).padStart(4)}  ${String(r.requests).padStart(8)}  ${String(r.failed).padStart(6)}  ${String(r.dropped).padStart(7)}  ${r.firstForm.padEnd(14)}  ${(r.needleInContext ? 'yes' : 'no').padEnd(6)}  ${`${Math.round(r.peak / 1000)}k`.padEnd(6)}  ${Math.round(r.cost / 1000)}k (${(r.cost / direct).toFixed(2)}×)${r.violations.length ? ` · ${r.violations.length} violations` : ''}\n`,
  );
