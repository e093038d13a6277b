import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { Dashboard } from '../../../../src/doors/proxy/dashboard/app.js';
import type { RequestRecord } from '../../../../src/doors/proxy/records.js';
import { requestRecord } from '../support.js';
import { stripVTControlCharacters } from 'node:util';

const strip = (frame: string | undefined) => stripVTControlCharacters(frame ?? '');
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

/** The dashboard at a 100k budget, and a way to hand it request records as the proxy does. */
function dashboard() {
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
  return { view, emit: (record: RequestRecord) => listen(record) };
}

describe('the proxy dashboard', () => {
  it('shows one row per session with its pressure, events and tokens as requests arrive', async () => {
    const { view, emit } = dashboard();
    expect(strip(view.lastFrame())).toContain('waiting for requests');
    await tick();
    emit({
      at: 2,
      kind: 'messages',
      method: 'POST',
      path: '/v1/messages?beta=true',
      status: 200,
      ms: 812,
      gardened: true,
      session: '752cfda0-ec62-4830~abcdef1234',
      clientSession: '752cfda0-ec62-4830',
      budget: 100_000,
      rawTokens: 90_000,
      sentTokens: 40_000,
      byClass: { prompt: 5_000, log: 25_000, code: 10_000 },
      byForm: { original: 30_000, summary: 9_000, stub: 1_000 },
      event: { kind: 'pressure', changed: 12, tokensBefore: 90_000, tokensAfter: 40_000 },
    });
    await tick();
    const frame = strip(view.lastFrame());
    expect(frame).toContain('752cfda0~abcd');
    expect(frame).toContain(' 40%');
    expect(frame).toContain('1 ev');
    expect(frame).toContain('90k→40k');
    expect(frame).toContain('summary 9k stub 1k');
    expect(frame).toContain('200 POST /v1/messages?beta=true 90k→40k event 12 blocks 812 ms');
    emit({
      at: 3,
      kind: 'messages',
      method: 'POST',
      path: '/v1/messages',
      status: 200,
      ms: 20,
      gardened: true,
      session: '752cfda0-ec62-4830~abcdef1234',
      clientSession: '752cfda0-ec62-4830',
      budget: 6_000,
      rawTokens: 23_000,
      sentTokens: 17_500,
      overBudget: true,
    });
    await tick();
    expect(strip(view.lastFrame())).toContain('23k→17.5k over budget: raise --budget 20 ms');
    view.unmount();
  });

  it('draws the system and tools and each class as long as their share of the budget, full when over it', async () => {
    const { view, emit } = dashboard();
    await tick();
    const request = (session: string, budget: number, byClass: Record<string, number>): RequestRecord => {
      const sent = Object.values(byClass).reduce((a, b) => a + b, 0);
      return requestRecord({
        at: 2,
        session,
        clientSession: session,
        budget,
        rawTokens: sent,
        sentTokens: sent,
        byClass,
      });
    };
    emit(request('quarter', 100_000, { fixed: 15_000, log: 10_000 }));
    emit(request('over-budget', 12_000, { fixed: 17_900, log: 2_000 }));
    await tick();
    const rows = strip(view.lastFrame()).split('\n');
    const bar = (name: string) => {
      const row = rows.find((line) => line.startsWith(name)) ?? '';
      return { filled: (row.match(/█/g) ?? []).length, dim: (row.match(/░/g) ?? []).length, row };
    };
    // 25k of 100k: a quarter of the 24 cells, the system and tools included.
    expect(bar('quarter')).toMatchObject({ filled: 6, dim: 18 });
    // 19.9k of 12k: the whole bar, beside its 166%.
    expect(bar('over-budget')).toMatchObject({ filled: 24, dim: 0 });
    expect(bar('over-budget').row).toContain('166%');
    view.unmount();
  });

  it('keeps a failed request out of the row’s tokens and cost, and says so', async () => {
    const { view, emit } = dashboard();
    await tick();
    emit(requestRecord({ session: 'fails', clientSession: 'fails', rawTokens: 20_000, sentTokens: 20_000 }));
    emit(
      requestRecord({
        session: 'fails',
        clientSession: 'fails',
        status: 502,
        rawTokens: 900_000,
        sentTokens: 900_000,
      }),
    );
    await tick();
    const row =
      strip(view.lastFrame())
        .split('\n')
        .find((line) => line.startsWith('fails')) ?? '';
    expect(row).toContain('20k→20k');
    expect(row).toContain('1 failed');
    view.unmount();
  });
});
