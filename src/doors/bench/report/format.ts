import type { StrategyName } from '../types.js';

/** 0.1234 → "12.3%"; null → "–". */
export function percent(value: number | null): string {
  return value === null ? '–' : `${(value * 100).toFixed(1)}%`;
}

/** 0.5 → "0.50×"; null → "–". */
export function ratio(value: number | null): string {
  return value === null ? '–' : `${value.toFixed(2)}×`;
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
  oracle: '#24292f',
};
