import { contextWindowOf } from '../kit/provider/prices.js';

/** The window a request may fill: the model's, or 1M when the client asked for it (a context-1m beta). */
export function requestWindow(model: string | undefined, beta: string | string[] | undefined): number {
  const betas = Array.isArray(beta) ? beta.join(',') : (beta ?? '');
  return /context-1m/i.test(betas) ? 1_000_000 : contextWindowOf(model ?? '');
}
