import type { StrategyName } from '../types.js';

/** 1234567 → "1,234,567". */
export function integer(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** 0.1234 → "12.3%"; null → "–". */
export function percent(value: number | null): string {
  return value === null ? '–' : `${(value * 100).toFixed(1)}%`;
}

/** 0.5 → "0.50×"; null → "–". */
export function ratio(value: number | null): string {
  return value === null ? '–' : `${value.toFixed(2)}×`;
}

/** 32000 → "32k", 1500000 → "1.5M": for axis labels. */
export function compact(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e6) return `${trim(value / 1e6)}M`;
  if (abs >= 1e3) return `${trim(value / 1e3)}k`;
  return trim(value);
}

function trim(value: number): string {
  return Number(value.toFixed(1)).toString();
}

/** p50 / p95 / max milliseconds, or "–". */
export function msTriple(ms: { p50: number; p95: number; max: number } | null): string {
  return ms ? `${ms.p50.toFixed(1)}/${ms.p95.toFixed(1)}/${ms.max.toFixed(1)}` : '–';
}

/** One colour per strategy, readable on white and on dark backgrounds. */
export const STRATEGY_COLORS: Record<StrategyName, string> = {
  raw: '#7f7f7f',
  mask: '#e8833a',
  clear: '#9467bd',
  summary: '#1f77b4',
  gardener: '#2ca02c',
};
