import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../../../src/doors/chat/agent/events.js';
import { createApprovalBridge } from '../../../../src/doors/chat/tui/approval-bridge.js';

const request = (id: string): ApprovalRequest => ({ id, name: 'bash', input: {}, summary: id });

describe('createApprovalBridge', () => {
  it('shows requests one at a time, in order, and resolves each with its answer', async () => {
    const bridge = createApprovalBridge();
    const shown: (string | null)[] = [];
    bridge.listen((r) => shown.push(r?.id ?? null));
    const first = bridge.ask(request('a'));
    const second = bridge.ask(request('b'));
    bridge.answer('always');
    bridge.answer('no');
    expect(await first).toBe('always');
    expect(await second).toBe('no');
    expect(shown).toEqual([null, 'a', 'b', null]);
  });

  it('keeps a request asked before the app listens, and declines all on cancel', async () => {
    const bridge = createApprovalBridge();
    const pending = bridge.ask(request('early'));
    const shown: (string | null)[] = [];
    bridge.listen((r) => shown.push(r?.id ?? null));
    expect(shown).toEqual(['early']);
    bridge.cancel();
    expect(await pending).toBe('no');
  });
});
