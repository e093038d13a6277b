import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { Footer } from '../../../../../src/doors/chat/tui/components/footer.js';
import { footerReducer, initialFooter } from '../../../../../src/doors/chat/tui/state/footer.js';
import { gardenEvent, pressureReport } from '../../../../support/pressure.js';
import { plain } from '../support/render-chat.js';

describe('Footer', () => {
  it('shows the bar by class, the legend, forms, cache, cost against unmanaged and the last event', () => {
    let footer = initialFooter(pressureReport(), { usd: 0, unmanagedUsd: 0 });
    footer = footerReducer(footer, { type: 'request', call: 14, pressure: pressureReport() });
    footer = footerReducer(footer, {
      type: 'usage',
      usage: { input: 2_000, cacheRead: 8_000, cacheWrite: 0, output: 500 },
      cost: { usd: 0.412, unmanagedUsd: 1.93 },
    });
    footer = footerReducer(footer, {
      type: 'compaction',
      event: gardenEvent({ at: new Date(2026, 10, 25, 14, 52, 3).getTime() }),
      reason: 'pressure',
    });
    const { lastFrame } = render(<Footer footer={footer} columns={100} />);
    expect(plain(lastFrame())).toMatchInlineSnapshot(`
      "────────────────────────────────────────────────────────────────────────────────────────────────────
      ▕█████████████████████████████████████████████░░░░░░░░░░░░░░░▏ 11.9k / 16k · 74% · compacts at 85%
      ■ sys+tools 2k  ■ prompt 900  ■ error 600  ■ code 3.1k  ■ prose 1.2k  ■ structured 1k  ■ log 2.6k
      ■ other 200  ■ pending 300
      form original 7.4k (20)  summary 5.3k (11)  stub 200 (3)  · tokens saved so far 81k
      cache 80% · cost $0.412 vs $1.93 unmanaged (saved 79%) · 14 calls
      last event: pressure 15.2k → 9.8k tokens, 9 blocks, at 14:52:03 (call 12; pressure)"
    `);
  });

  it('says when the regret guard stopped profit events, and not while they run', () => {
    const stopped = pressureReport({
      cost_guard: {
        managed_cost: 10_400,
        unmanaged_cost: 10_000,
        cost_ratio: 1.04,
        profit_events: 'stopped',
      },
    });
    const running = render(
      <Footer footer={initialFooter(pressureReport(), { usd: 0, unmanagedUsd: 0 })} columns={200} />,
    );
    expect(plain(running.lastFrame())).not.toContain('stopped');
    const { lastFrame } = render(
      <Footer footer={initialFooter(stopped, { usd: 0, unmanagedUsd: 0 })} columns={200} />,
    );
    expect(plain(lastFrame())).toContain(
      'profit events stopped: 1.04× unmanaged by the cache model; only the high-water mark compacts',
    );
  });

  it('says when nothing happened yet, and marks a request over the high-water mark', () => {
    const idle = render(<Footer footer={initialFooter(null, { usd: 0, unmanagedUsd: 0 })} columns={80} />);
    expect(plain(idle.lastFrame())).toContain('no request yet');
    expect(plain(idle.lastFrame())).toContain('cache – · cost $0.000 vs $0.000 unmanaged · 0 calls');
    const over = render(
      <Footer
        footer={initialFooter(pressureReport({ calibrated_tokens: 17_000, pressure: 1.063 }), {
          usd: 0,
          unmanagedUsd: 0,
        })}
        columns={80}
      />,
    );
    const frame = plain(over.lastFrame());
    expect(frame).toMatch(/17k \/ 16k · 106% · over the budget/);
    expect(frame).toContain(`▕${'█'.repeat(40)}▏`);
  });
});
