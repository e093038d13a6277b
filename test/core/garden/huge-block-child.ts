/**
 * Gardens one huge tool output (MB megabytes of log, a needle line in its middle) and prints what it
 * rendered and stored. Run by huge-block.test.ts under a capped heap:
 *   node --max-old-space-size=N --import tsx huge-block-child.ts DB MB
 */
import { openGarden } from '../../../src/core/garden/index.js';
import { openStore } from '../../../src/core/store/index.js';
import { withHugeOutput } from './huge-output.js';

const [db, mb] = process.argv.slice(2);
const { transcript, output } = withHugeOutput(Number(mb) * 1_000_000);
const store = openStore({ path: db!, redact: false });
const garden = openGarden({
  store,
  session: { project: 'p', session: 's' },
  budget: 20_000,
  config: { inject: 'off' },
});
garden.sync(transcript);
garden.plan({ strict: false });
const rendered = JSON.stringify(garden.render());
garden.settle();
const hit = garden.recall('quokka7').hits[0];
const exact = hit !== undefined && store.fetch(hit.id)?.original === output;
garden.close();
store.close();
console.log(
  JSON.stringify({
    renderedChars: rendered.length,
    found: hit !== undefined,
    exact,
    heapMb: process.memoryUsage().heapUsed / 1e6,
  }),
);
