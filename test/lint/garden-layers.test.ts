import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { wings } from '../../eslint-rules/wings.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = path.resolve(import.meta.dirname, '../..');
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, sourceType: 'module' } });
const at = (file: string) => path.join(root, file);
const against = /^inside the garden a layer imports only the layers below it/;

describe('gardener/wings inside the engine', () => {
  tester.run('wings', wings, {
    valid: [
      // Down the layers, and within one.
      { code: "import { x } from '../view/view.js';", filename: at('src/core/garden/plan/steps.ts') },
      { code: "import { x } from '../ledger/ledger.js';", filename: at('src/core/garden/ingest/sync.ts') },
      {
        code: "import { x } from '../render/labels.js';",
        filename: at('src/core/garden/ingest/variants.ts'),
      },
      { code: "import { x } from './window.js';", filename: at('src/core/garden/plan/steps.ts') },
      // The package's top wires every layer.
      { code: "import { x } from './plan/plan.js';", filename: at('src/core/garden/garden.ts') },
      { code: "export { x } from './ingest/identity.js';", filename: at('src/core/garden/index.ts') },
    ],
    invalid: [
      { code: "import { x } from '../ledger/ledger.js';", filename: at('src/core/garden/view/recent.ts') },
      { code: "import type { X } from '../ingest/sync.js';", filename: at('src/core/garden/plan/plan.ts') },
      // Plan and render stand side by side: neither imports the other.
      { code: "import { x } from '../plan/plan.js';", filename: at('src/core/garden/render/render.ts') },
      { code: "import { x } from '../render/render.js';", filename: at('src/core/garden/plan/plan.ts') },
      // No layer imports the package's top (the faces, api.ts, the wiring).
      { code: "import type { X } from '../api.js';", filename: at('src/core/garden/ingest/sync.ts') },
      { code: "export { x } from '../index.js';", filename: at('src/core/garden/view/view.ts') },
    ].map((test) => ({ ...test, errors: [{ message: against }] })),
  });
});
