import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recall } from '../../../src/core/recall/recall.js';
import { entry, SCOPE, tempStore, type TempStore } from '../store/support.js';

describe('a hit shows first the passage of the word the query dwells on', () => {
  let t: TempStore;
  beforeAll(() => {
    t = tempStore();
    // A `find` listing: hundreds of paths, one test folder for each of the two services asked about.
    const services = Array.from({ length: 300 }, (_, i) => `svc${i}`);
    const paths = services.map((s) => `/repo/moto/${s}/models.py`);
    paths.splice(100, 0, '/repo/tests/test_kinesis/test_kinesis.py');
    paths.splice(250, 0, '/repo/tests/test_athena/test_athena.py');
    t.store.ingest(entry({ original: paths.join('\n'), sourceTool: 'Bash' }));
  });
  afterAll(() => t.close());

  it('leads with the line of the word said most, over one said once', () => {
    const query = [
      'Write a test with mock_athena: create an athena client,',
      'start an athena query and read the athena results (kinesis is not needed).',
    ].join(' ');
    const text = recall(t.store, query, SCOPE, { touch: false }).hits[0]?.text ?? '';
    const athena = text.indexOf('test_athena/test_athena.py');
    expect(athena).toBeGreaterThanOrEqual(0);
    const kinesis = text.indexOf('test_kinesis/test_kinesis.py');
    expect(kinesis < 0 || athena < kinesis).toBe(true);
  });
});
