import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { Dashboard } from '../../../../src/doors/proxy/dashboard/app.js';
import type { RequestRecord } from '../../../../src/doors/proxy/records.js';
import { requestRecord } from '../support.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the proxy dashboard shows what a client named, never sends its control sequences', () => {
  it('a session id and a pass-through reason holding ESC sequences are shown as ␛', async () => {
    let listen: (record: RequestRecord) => void = () => {};
    const view = render(
      <Dashboard
        url="http://127.0.0.1:4000"
        upstream="https://api.anthropic.com"
        budget={100_000}
        subscribe={(listener) => {
          listen = listener;
          return () => {};
        }}
      />,
    );
    await tick();
    listen(
      requestRecord({
        session: '\u001b]0;x\u0007abc~\u001b[2J12',
        clientSession: '\u001b]0;x\u0007abc',
        failOpen: 'bad body \u001b]52;c;Y3VybA==\u0007',
      }),
    );
    await tick();
    const frame = view.lastFrame() ?? '';
    expect(frame).toContain('␛]0;x␇');
    expect(frame).toContain('passed through: bad body ␛]52;c;');
    // eslint-disable-next-line no-control-regex
    expect(frame.match(/\u001b(?!\[[0-9;]*m)/g) ?? []).toEqual([]);
    view.unmount();
  });
});
