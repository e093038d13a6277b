/** Number formats shared by the CLI, the reports and the engine's labels. */

/** 1234567 → "1,234,567", whatever the machine's locale (rendered requests must be deterministic). */
export function integer(value: number): string {
  const rounded = Math.round(value);
  const digits = String(Math.abs(rounded));
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    grouped = digits.slice(Math.max(0, end - 3), end) + (grouped === '' ? '' : `,${grouped}`);
  }
  return rounded < 0 ? `-${grouped}` : grouped;
}

/** 32000 → "32k", 3200 → "3.2k", 1500000 → "1.5M", 950 → "950". */
export function compact(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e6) return `${oneDecimal(value / 1e6)}M`;
  if (abs >= 1e3) return `${oneDecimal(value / 1e3)}k`;
  return oneDecimal(value);
}

function oneDecimal(value: number): string {
  return Number(value.toFixed(1)).toString();
}

const BYTE_UNITS = ['KB', 'MB', 'GB', 'TB'];

/** 512 → "512 B", 3_500 → "3.4 KB", 3 MiB → "3.0 MB" (one decimal under 10 of a unit). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 || unit > 0 ? 1 : 0)} ${BYTE_UNITS[unit]}`;
}

/** "1 entry", "3 entries". */
export function count(value: number, one: string, many = `${one}s`): string {
  return `${integer(value)} ${value === 1 ? one : many}`;
}

/** Change from `before` to `after` as a signed percentage: `−37%`, `+4%`. */
export function change(before: number, after: number): string {
  const percent = Math.round((after / before - 1) * 100);
  if (percent === 0) return '0%';
  return percent < 0 ? `−${-percent}%` : `+${percent}%`;
}
