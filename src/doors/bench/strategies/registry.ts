import type { Strategy, StrategyName } from '../types.js';
import { assertNever } from '../../../errors.js';
import { clearStrategy } from './clear.js';
import { maskStrategy } from './mask.js';
import { rawStrategy } from './raw.js';
import { summaryStrategy } from './summary.js';

/** The strategy of a name, for one run; gardener loads the engine and store lazily. */
export async function loadStrategy(name: StrategyName): Promise<Strategy> {
  switch (name) {
    case 'raw':
      return rawStrategy;
    case 'mask':
      return maskStrategy;
    case 'clear':
      return clearStrategy;
    case 'summary':
      return summaryStrategy;
    case 'oracle':
      return (await import('./oracle.js')).oracleStrategy;
    case 'gardener':
      return (await import('./gardener.js')).createGardenerStrategy();
    default:
      return assertNever(name);
  }
}
