/**
 * A service log as an agent meets it: INFO lines of several services, a look-alike WARN line of the
 * payments service every 20 lines (`dry-run payout … settlement ref: none`), and one ERROR line
 * holding the settlement ref of the failed payout. Deterministic; `bytes` sets its size.
 */
export const SETTLEMENT_REF = 'STL-7Q4K-88213';

const SERVICES = ['orders', 'inventory', 'auth', 'gateway', 'shipping', 'payments'];
const ACTIONS = [
  'processed order',
  'cache refresh done for shard',
  'token issued for client',
  'forwarded request id',
  'label printed for parcel',
  'ledger sync finished for batch',
];

function stamp(i: number): string {
  const seconds = 8 * 3600 + i * 3;
  const hh = String(Math.floor(seconds / 3600) % 24).padStart(2, '0');
  const mm = String(Math.floor(seconds / 60) % 60).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `2026-03-14T${hh}:${mm}:${ss}.${String((i * 37) % 1000).padStart(3, '0')}Z`;
}

export interface ServiceLog {
  text: string;
  /** 1-based line of the ERROR line. */
  errorLine: number;
}

/** A log of about `bytes` characters; the ERROR line sits at `errorAt` (a share of the lines). */
export function serviceLog(bytes = 254_000, errorAt = 0.63): ServiceLog {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line =
      i % 20 === 19
        ? `${stamp(i)} WARN  [payments] dry-run payout batch ${4000 + i} skipped: settlement ref: none (sandbox mode)`
        : `${stamp(i)} INFO  [${SERVICES[i % 5]}] ${ACTIONS[i % 5]} ${10_000 + ((i * 7919) % 90_000)} in ${(i * 13) % 97} ms`;
    lines.push(line);
    size += line.length + 1;
  }
  const errorLine = Math.floor(lines.length * errorAt);
  lines.splice(
    errorLine - 1,
    0,
    `${stamp(errorLine)} ERROR [payments] payout batch 7731 failed after bank callback: settlement ref: ${SETTLEMENT_REF} rejected (code R17)`,
  );
  return { text: `${lines.join('\n')}\n`, errorLine };
}
