import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../../../src/doors/chat/agent/events.js';
import { textReply, toolReply } from '../../../support/fake-anthropic/index.js';
import { chatRig, ofType, turn, type ChatRig } from './chat-support.js';

let rig: ChatRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const writeCall = (name: string) => toolReply('write', { path: name, content: 'x\n' });

describe('approvals', () => {
  it('asks before each mutating call when answered once, and not for reads', async () => {
    rig = await chatRig([
      toolReply('glob', { pattern: '*' }),
      writeCall('a.txt'),
      writeCall('b.txt'),
      textReply('done'),
    ]);
    const asked: ApprovalRequest[] = [];
    const controller = rig.controller({
      yes: false,
      approver: (request) => (asked.push(request), Promise.resolve('once' as const)),
    });
    const events = await turn(controller, 'write two files');
    expect(asked.map((r) => r.summary)).toEqual(['create a.txt (2 lines)', 'create b.txt (2 lines)']);
    expect(asked[0]!.diff).toContain('+x');
    expect(ofType(events, 'approval').map((e) => e.answer)).toEqual(['once', 'once']);
    expect(existsSync(join(rig.cwd, 'b.txt'))).toBe(true);
  });

  it('asks once per tool for the session when answered always', async () => {
    rig = await chatRig([writeCall('a.txt'), writeCall('b.txt'), textReply('done')]);
    let asked = 0;
    const controller = rig.controller({
      yes: false,
      approver: () => (asked++, Promise.resolve('always' as const)),
    });
    await turn(controller, 'write two files');
    expect(asked).toBe(1);
    expect(existsSync(join(rig.cwd, 'b.txt'))).toBe(true);
  });

  it('tells the model a refused call was refused and does not run it', async () => {
    rig = await chatRig([toolReply('bash', { command: 'touch made.txt' }), textReply('ok, I will not')]);
    const controller = rig.controller({ yes: false, approver: () => Promise.resolve('no' as const) });
    const events = await turn(controller, 'make a file');
    const result = ofType(events, 'tool_result')[0]!;
    expect(result.isError).toBe(true);
    expect(result.output).toMatch(/refused/);
    expect(existsSync(join(rig.cwd, 'made.txt'))).toBe(false);
    const sent = rig.fake.requests[1]!.body.messages.at(-1).content[0];
    expect(sent).toMatchObject({ type: 'tool_result', is_error: true });
    expect(rig.fake.violations).toEqual([]);
  });

  it('refuses without asking when no one can be asked (print mode without --yes)', async () => {
    rig = await chatRig([writeCall('a.txt'), textReply('fine')]);
    const events = await turn(rig.controller({ yes: false }), 'write');
    expect(ofType(events, 'tool_result')[0]!.output).toMatch(/--yes/);
    expect(existsSync(join(rig.cwd, 'a.txt'))).toBe(false);
  });
});
