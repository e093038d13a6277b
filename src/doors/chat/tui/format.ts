import { compact } from '../../../core/format/index.js';

/** $12.34, $0.412, $143: enough digits to see a session's cost move call by call. */
export function usd(value: number): string {
  if (value >= 100) return `$${value.toFixed(0)}`;
  if (value >= 1) return `$${value.toFixed(2)}`;
  return `$${value.toFixed(3)}`;
}

/** 0.776 → "78%". */
export function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

/** Tokens as the footer shows them: "12.3k". */
export function tokens(value: number): string {
  return compact(Math.round(value));
}

/** Local wall-clock time, "14:52:03". */
export function clock(at: number): string {
  const d = new Date(at);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/** The first line of a text, cut to `max` characters with an ellipsis. */
export function oneLine(text: string, max: number): string {
  const line = text.split('\n', 1)[0] ?? '';
  const cut = line.length > max ? `${line.slice(0, Math.max(0, max - 1))}…` : line;
  return text.includes('\n') && cut === line ? `${line} …` : cut;
}
