import { contextWindow } from '../../core/cache/constants.js';

/** The window a request may fill: the model's, or 1M when the client asked for it (a context-1m beta). */
export function requestWindow(model: string | undefined, beta: string | string[] | undefined): number {
  return contextWindow(model, beta);
}
