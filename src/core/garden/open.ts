import { compress } from '../compress/index.js';
import type { Garden, GardenOptions } from './api.js';
import { openGardenWith } from './garden.js';

/** Opens the engine on a store for one session; forms saved by an earlier process are picked up. */
export function openGarden(options: GardenOptions): Garden {
  return openGardenWith({ ...options, compress: options.compress ?? compress });
}
