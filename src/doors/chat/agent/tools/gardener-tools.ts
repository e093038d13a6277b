import { z } from 'zod';
import { fail, ok, type AgentTool } from './types.js';

const none = z.object({});

export const contextPressureTool: AgentTool<z.infer<typeof none>> = {
  name: 'context_pressure',
  description:
    'How full the context is: tokens against the budget, by class and by form (original/summary/stub), and what gardener will do next.',
  input: none,
  mutating: false,
  preview: () => ({ summary: 'context pressure' }),
  run(_input, { session }) {
    const p = session.garden.pressure();
    const view = {
      budget: p.budget,
      tokens: p.calibrated_tokens,
      pressure: p.pressure,
      high_water: p.high_water,
      low_water: p.low_water,
      by_class: p.by_class,
      by_form: p.by_form,
      events: p.events,
      eviction_candidates: p.eviction_candidates,
      recommendation: p.recommendation,
    };
    return ok(JSON.stringify(view));
  },
};

const forgetInput = z.object({
  id: z.string().min(1).describe('entry or note id'),
  purge: z.boolean().optional().describe('also remove it from recall (it stays fetchable by id)'),
});

export const forgetTool: AgentTool<z.infer<typeof forgetInput>> = {
  name: 'forget',
  description:
    'Drop a stored entry to a one-line stub in the conversation (it is no longer needed); purge also hides it from recall.',
  input: forgetInput,
  mutating: false,
  preview: ({ id }) => ({ summary: `forget ${id}` }),
  run({ id, purge = false }, { session }) {
    const change = session.garden.forget(id, { purge });
    if (change.event)
      return {
        ...ok(
          `${id}: ${change.changed} block${change.changed === 1 ? '' : 's'} now a stub${purge ? '; hidden from recall' : ''}`,
        ),
        event: change.event,
      };
    if (change.reason === 'unknown') return fail(`no entry ${id}`);
    if (change.reason === 'protected')
      return fail(`${id} is protected (a recent turn, pinned, or typed by the user) and stays as it is`);
    return ok(purge ? `${id} hidden from recall` : `${id} was already a stub or not in the conversation`);
  },
};

const noteInput = z.object({
  text: z.string().min(1).describe('a fact worth keeping: a decision, a finding, a path'),
  tags: z.array(z.string()).optional(),
  pinned: z.boolean().optional().describe('always shown by recall'),
});

export const noteTool: AgentTool<z.infer<typeof noteInput>> = {
  name: 'note',
  description: 'Keep a short note in the session store; recall finds notes first.',
  input: noteInput,
  mutating: false,
  preview: ({ text }) => ({ summary: `note ${text.slice(0, 60)}` }),
  run({ text, tags, pinned }, { session }) {
    const note = session.garden.note(text, { ...(tags ? { tags } : {}), ...(pinned ? { pinned } : {}) });
    return ok(`noted as ${note.id}`);
  },
};
