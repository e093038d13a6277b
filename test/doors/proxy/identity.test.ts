import { describe, expect, it } from 'vitest';
import { clientSessionId, identify, statedCwd } from '../../../src/doors/proxy/identity.js';

const SESSION = '752cfda0-ec62-4830-93b1-8b396d8e31ac';

describe('who sent a request', () => {
  it("reads Claude Code's session id from metadata.user_id (JSON, and the older string form), else its header", () => {
    const json = {
      metadata: { user_id: JSON.stringify({ device_id: 'ab', account_uuid: '', session_id: SESSION }) },
    };
    expect(clientSessionId(json, {})).toBe(SESSION);
    const legacy = { metadata: { user_id: `user_abc123_account__session_${SESSION}` } };
    expect(clientSessionId(legacy, {})).toBe(SESSION);
    expect(clientSessionId({}, { 'x-claude-code-session-id': SESSION })).toBe(SESSION);
    expect(clientSessionId({}, { 'x-claude-code-session-id': '../../etc' })).toBeUndefined();
    expect(clientSessionId({ metadata: { user_id: 'someone' } }, {})).toBeUndefined();
  });

  it('keeps a conversation in one session while its breakpoint moves, and tells conversations apart', () => {
    const first = {
      role: 'user',
      content: [{ type: 'text', text: 'task', cache_control: { type: 'ephemeral' } }],
    };
    const later = { role: 'user', content: [{ type: 'text', text: 'task' }] };
    const a = identify(
      { metadata: { user_id: JSON.stringify({ session_id: SESSION }) }, messages: [first] },
      {},
    );
    const b = identify(
      {
        metadata: { user_id: JSON.stringify({ session_id: SESSION }) },
        messages: [later, { role: 'assistant', content: 'ok' }],
      },
      {},
    );
    const side = identify(
      {
        metadata: { user_id: JSON.stringify({ session_id: SESSION }) },
        messages: [{ role: 'user', content: 'title?' }],
      },
      {},
    );
    expect(a.session).toBe(b.session);
    expect(a.session.startsWith(`${SESSION}~`)).toBe(true);
    expect(side.session).not.toBe(a.session);
    expect(side.clientSession).toBe(SESSION);
  });

  it('finds the working directory Claude Code states in its system prompt', () => {
    const system = [
      { type: 'text', text: 'billing' },
      {
        type: 'text',
        text: '# Environment\n - Primary working directory: /home/me/my project\n - Is a git repository: true',
      },
    ];
    expect(statedCwd(system)).toBe('/home/me/my project');
    expect(statedCwd('Working directory: /srv/app')).toBe('/srv/app');
    expect(statedCwd('nothing here')).toBeUndefined();
  });
});
