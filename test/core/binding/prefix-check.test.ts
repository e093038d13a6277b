import { describe, expect, it } from 'vitest';
import {
  bindProduced,
  bindingErrorMessage,
  checkOutcome,
  checkRequest,
  createBindingStore,
  createPrefixMemo,
  isBindingError,
  prefixCheckRule,
  prefixDigest,
  preservesThinking,
} from '../../../src/core/binding/index.js';
import { converse, thinkingPaths, TOOLS, type Json, type TurnShape } from './conversation.js';

const plain: TurnShape = { thinking: 1, text: false, userText: false, system: false };
const session = (turns: number) => converse(Array.from({ length: turns }, () => plain));

describe('prefixDigest', () => {
  const request: Json = {
    system: [{ type: 'text', text: 'rules' }],
    tools: TOOLS,
    messages: [
      { role: 'user', content: 'hello' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'hi' },
          { type: 'tool_use', id: 't1', name: 'bash', input: { a: 1, b: 2 } },
        ],
      },
    ],
  };
  const at = { message: 1, block: 2 };

  it('ignores key order, cache_control marks and the order of tools', () => {
    const moved: Json = structuredClone(request);
    moved.tools = [...TOOLS].reverse();
    moved.system[0].cache_control = { type: 'ephemeral' };
    moved.messages[1].content[1] = {
      input: { b: 2, a: 1 },
      name: 'bash',
      id: 't1',
      type: 'tool_use',
      cache_control: { type: 'ephemeral', ttl: '1h' },
    };
    expect(prefixDigest(moved, at)).toBe(prefixDigest(request, at));
  });

  it('reads a message string as its one text block, but keeps a string system apart from blocks', () => {
    const blocks: Json = structuredClone(request);
    blocks.messages[0].content = [{ type: 'text', text: 'hello', cache_control: { type: 'ephemeral' } }];
    expect(prefixDigest(blocks, at)).toBe(prefixDigest(request, at));
    const stringSystem: Json = { ...structuredClone(request), system: 'rules' };
    expect(prefixDigest(stringSystem, at)).not.toBe(prefixDigest(request, at));
  });

  it('leaves thinking blocks out, and sees any change of content, role or a block before the position', () => {
    const thought: Json = structuredClone(request);
    thought.messages[1].content.unshift({ type: 'thinking', thinking: 'x', signature: 's' });
    expect(prefixDigest(thought, { message: 1, block: 3 })).toBe(prefixDigest(request, at));
    const edited: Json = structuredClone(request);
    edited.messages[1].content[1].input.a = 3;
    expect(prefixDigest(edited, at)).not.toBe(prefixDigest(request, at));
    expect(prefixDigest(edited, { message: 1, block: 1 })).toBe(
      prefixDigest(request, { message: 1, block: 1 }),
    );
  });

  it('leaves out a deferred tool until a tool_addition names it', () => {
    const deferred = {
      name: 'deploy',
      description: 'Deploy',
      input_schema: { type: 'object' },
      defer_loading: true,
    };
    const more: Json = { ...structuredClone(request), tools: [...TOOLS, deferred] };
    expect(prefixDigest(more, at)).toBe(prefixDigest(request, at));
    const offered: Json = structuredClone(more);
    offered.messages.splice(1, 0, {
      role: 'system',
      content: [{ type: 'tool_addition', tool: { type: 'tool_reference', name: 'deploy' } }],
    });
    const changed: Json = structuredClone(offered);
    changed.tools[2].description = 'Deploy to production';
    const after = { message: 2, block: 2 };
    expect(prefixDigest(changed, after)).not.toBe(prefixDigest(offered, after));
    expect(prefixDigest(changed, { message: 1, block: 0 })).toBe(
      prefixDigest(offered, { message: 1, block: 0 }),
    );
  });

  it('hashes a message object once with a memo', () => {
    const memo = createPrefixMemo();
    const first = prefixDigest(request, at, memo);
    const printed = memo.messages.get(request.messages[0]);
    expect(printed).toBeDefined();
    const longer = { ...request, messages: [...request.messages, { role: 'user', content: 'more' }] };
    expect(prefixDigest(longer, at, memo)).toBe(first);
    expect(memo.messages.get(request.messages[0])).toBe(printed);
    expect(memo.last?.print.chain.length).toBe(3);
  });
});

describe('checkRequest and bindProduced', () => {
  it('passes a conversation sent back as produced', () => {
    const { request, store, checks } = session(4);
    expect(checks.every((c) => c.failures.length === 0 && c.unknown.length === 0)).toBe(true);
    expect(checkRequest(request, store)).toEqual({ failures: [], unknown: [] });
  });

  it('fails the blocks after a shortened tool_result and names where it changed', () => {
    const { request, store } = session(4);
    request.messages[4].content[0].content = '[summary]';
    const check = checkRequest(request, store);
    expect(check.failures).toEqual([
      { path: 'messages.5.content.0', kind: 'thinking', reason: 'prefix' },
      { path: 'messages.7.content.0', kind: 'thinking', reason: 'after' },
    ]);
    expect(check.changedAt).toBe('messages.4.content.0');
  });

  it('names tools or system when they changed', () => {
    const { request, store } = session(2);
    expect(checkRequest({ ...request, tools: TOOLS.slice(0, 1) }, store).changedAt).toBe('tools');
    expect(checkRequest({ ...request, system: 'other' }, store).changedAt).toBe('system');
  });

  it('names the block added before a thinking block in its own message', () => {
    const { request, store } = session(2);
    request.messages[1].content.unshift({ type: 'text', text: 'inserted' });
    const check = checkRequest(request, store);
    expect(check.failures[0]).toEqual({ path: 'messages.1.content.1', kind: 'thinking', reason: 'prefix' });
    expect(check.changedAt).toBe('messages.1.content.0');
  });

  it('fails a block whose predecessor was removed from the middle, naming the block kept before it', () => {
    const { request, store } = session(3);
    request.messages[3].content.shift();
    const check = checkRequest(request, store);
    expect(check.failures.map((f) => [f.path, f.reason])).toEqual([['messages.5.content.0', 'chain']]);
    expect(check.changedAt).toBe('messages.1.content.0');
  });

  it('reports blocks it never bound apart, and keeps them in the chain', () => {
    const { request, store } = session(2);
    request.messages[1].content[0].signature = 'made-up';
    const check = checkRequest(request, store);
    expect(check.unknown).toEqual(['messages.1.content.0']);
    expect(check.failures.map((f) => f.path)).toEqual(['messages.3.content.0']);
  });

  it('binds a redacted_thinking block by its data, and a reply’s second block after its first', () => {
    const store = createBindingStore();
    const request: Json = { tools: TOOLS, messages: [{ role: 'user', content: 'go' }] };
    const content = [
      { type: 'redacted_thinking', data: 'opaque' },
      { type: 'tool_use', id: 'a', name: 'bash', input: {} },
      { type: 'thinking', thinking: 'then', signature: 'sig-2' },
    ];
    expect(bindProduced(request, content, store)).toHaveLength(2);
    const next: Json = { ...request, messages: [...request.messages, { role: 'assistant', content }] };
    expect(checkRequest(next, store)).toEqual({ failures: [], unknown: [] });
    const middle: Json = structuredClone(next);
    middle.messages[1].content[0] = { type: 'redacted_thinking', data: 'other' };
    expect(checkRequest(middle, store).failures.map((f) => f.reason)).toEqual(['chain']);
  });

  it('does not count dropped blocks as predecessors', () => {
    const { request, store } = session(2);
    const dropped = new Set([thinkingPaths(request)[1] as string]);
    bindProduced(
      request,
      [
        { type: 'thinking', thinking: 'new', signature: 'after-drop' },
        { type: 'text', text: 'ok' },
      ],
      store,
      { dropped },
    );
    const next: Json = structuredClone(request);
    next.messages.push({
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'new', signature: 'after-drop' },
        { type: 'text', text: 'ok' },
      ],
    });
    expect(checkRequest(next, store).failures.map((f) => f.path)).toEqual(['messages.5.content.0']);
    next.messages[3].content.shift();
    expect(checkRequest(next, store).failures).toEqual([]);
  });
});

describe('the error and the models', () => {
  it('words the 400 as the API does', () => {
    const failure = { path: 'messages.1.content.0', kind: 'thinking' as const, reason: 'prefix' as const };
    const message = bindingErrorMessage(failure, 'messages.0.content.0', { betaHeader: true });
    expect(message).toBe(
      'messages.1.content.0: Invalid `signature` in `thinking` block. The block is bound to a different conversation. Remove the block, or set `thinking.block_binding.prefix_mismatch_behavior` to "drop_block". Content before this block differs from when it was created, first at `messages.0.content.0`.',
    );
    expect(bindingErrorMessage(failure, 'system', { betaHeader: false })).toContain(
      '"drop_block". That setting requires the `thinking-binding-controls-2026-08-01` value in the `anthropic-beta` header. Content before',
    );
    expect(isBindingError(message)).toBe(true);
  });

  it('knows which models run the check and for which accounts', () => {
    expect(prefixCheckRule('claude-fable-5-2')).toBe('every-account');
    expect(prefixCheckRule('global.anthropic.claude-opus-5-5-20260922-v1:0')).toBe('new-accounts');
    expect(prefixCheckRule('claude-opus-4-8')).toBe('none');
    expect(preservesThinking('claude-sonnet-5-5')).toBe(true);
    expect(checkOutcome('claude-opus-5-5', 'old')).toBe('allow');
    expect(checkOutcome('claude-opus-5-5', 'old', 'error')).toBe('error');
    expect(checkOutcome('claude-mythos-5-2', 'old')).toBe('error');
    expect(checkOutcome('claude-haiku-5-5', 'new', 'drop_block')).toBe('drop');
    expect(checkOutcome('claude-sonnet-4-5', 'new', 'drop_block')).toBe('none');
  });
});
