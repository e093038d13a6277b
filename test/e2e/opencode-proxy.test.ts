import { describe, expect, it } from 'vitest';
import { OPENCODE_BIN, opencodePresent } from '../support/opencode.js';
import { runOpencodeSession } from '../support/opencode-run.js';

/**
 * opencode through `gardener proxy` at a small budget, the fake's prefix check on. opencode asks the
 * API to drop a thinking block whose prefix changed rather than fail, so a gardener that edits what a
 * thinking block is bound to fails no request: the model silently loses its reasoning instead. None
 * may be dropped, and the large log that does not fit whole at its first send goes out as its summary
 * (which fits), not as a bare stub.
 */
const title = opencodePresent
  ? 'opencode through gardener proxy, the prefix check on'
  : `opencode through gardener proxy (skipped: no opencode at ${OPENCODE_BIN}; set GARDENER_OPENCODE_BIN)`;
if (!opencodePresent) console.warn(`skipping ${title}`);

describe.skipIf(!opencodePresent)(title, () => {
  it('drops no thinking block, and the log that does not fit whole goes out as its summary', async () => {
    const run = await runOpencodeSession({ proxy: ['--budget', '16000'] });
    expect(run.exitCode).toBe(0);
    expect(run.violations).toEqual([]);
    expect(run.failed).toBe(0);
    expect(run.dropped).toBe(0);
    expect(run.firstForm).toBe('summary');
    expect(run.needleInContext).toBe(true);
    expect(run.peak).toBeLessThanOrEqual(16_000);
  }, 180_000);
});
