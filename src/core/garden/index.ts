/**
 * The garden engine's face: openGarden, the Garden it opens (docs/DESIGN.md: sync, plan, render,
 * pressure, recall, fetch, forget, note), and the few engine operations doors need besides. The
 * engine's words (constants and types) are on its light face, constants.ts.
 */
export { openGarden } from './open.js';
export { openGardenWith } from './garden.js';
export type { Garden, GardenOptions } from './api.js';
export type { CompressFn } from './session/session.js';
export { blockForms } from './ingest/block-forms.js';
export { blockKey, partKey } from './ingest/identity.js';
export { typedByUser } from './ingest/typed-by-user.js';
export { clearSavedState } from './ledger/persist.js';
export { budgetError } from './plan/budget-check.js';
export { storedPressure } from './plan/stored-pressure.js';
export { buildInjection, RECALL_LIMIT } from './render/inject.js';
