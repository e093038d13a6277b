import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRecallText, recallWire } from '../../../src/core/recall/format.js';
import { recall } from '../../../src/core/recall/recall.js';
import { entry, SCOPE, tempStore, type TempStore } from '../store/support.js';

/** Lines 80–84 of a file, as `sed -n` prints them: nothing in them says which file they are. */
const WINDOW = [
  '    def save(self, commit=True):',
  '        user = super().save(commit=False)',
  '        user.set_password(self.cleaned_data["password1"])',
  '        if commit:',
  '            user.save()',
].join('\n');

/**
 * A text-format agent prints a window of a file with a shell command, and the output does not name
 * the file: the hit says what produced it, so the model knows where the lines are from.
 */
describe('a recall hit says the call that produced it', () => {
  let t: TempStore;
  const ids: Record<string, string> = {};
  beforeAll(() => {
    t = tempStore();
    ids['window'] = t.store.ingest(
      entry({
        original: WINDOW,
        class: 'code',
        call: "sed -n '80,84p' django/contrib/auth/forms.py\necho done",
      }),
    ).id;
    ids['read'] = t.store.ingest(
      entry({
        original: 'def set_password(self, raw_password):\n    self.password = make_password(raw_password)',
        class: 'code',
        sourceTool: 'Read',
        sourcePath: '/repo/django/contrib/auth/base_user.py',
        call: '/repo/django/contrib/auth/base_user.py',
      }),
    ).id;
    ids['said'] = t.store.ingest(
      entry({ original: 'THOUGHT: the user save with commit skips set_password?', class: 'prose' }),
    ).id;
  });
  afterAll(() => t.close());

  it("shows a command's first line in the hit's header, and in the wire form", () => {
    const result = recall(t.store, 'user save commit set_password', SCOPE, { touch: false });
    const window = result.hits.find((h) => h.id === ids['window']);
    expect(window?.call).toBe("sed -n '80,84p' django/contrib/auth/forms.py");
    expect(formatRecallText(result)).toContain(
      `${ids['window']}  code        call: sed -n '80,84p' django/contrib/auth/forms.py`,
    );
    const wire = recallWire(result).results.find((r) => r.id === ids['window']);
    expect(wire?.source).toEqual({
      tool: null,
      path: null,
      call: "sed -n '80,84p' django/contrib/auth/forms.py",
    });
  });

  it('says nothing more when the call is only the path the hit already names, or there was none', () => {
    const result = recall(t.store, 'set_password make_password user save', SCOPE, { touch: false });
    const read = result.hits.find((h) => h.id === ids['read']);
    const said = result.hits.find((h) => h.id === ids['said']);
    expect(read?.sourcePath).toBe('/repo/django/contrib/auth/base_user.py');
    expect(read?.call).toBeUndefined();
    expect(said).toBeDefined();
    expect(said?.call).toBeUndefined();
    expect(formatRecallText(result)).not.toMatch(/call: \/repo/);
  });

  it('cuts a long call line short, never between the halves of a surrogate pair', () => {
    const call = `python -c "print('${'x'.repeat(140)}😀 done')"`;
    const { id } = t.store.ingest(
      entry({ original: 'x printed then done: surrogate check', class: 'log', call }),
    );
    const hit = recall(t.store, 'surrogate check printed', SCOPE, { touch: false }).hits.find(
      (h) => h.id === id,
    );
    expect(hit?.call?.endsWith('…')).toBe(true);
    expect(hit?.call?.length).toBeLessThanOrEqual(160);
    expect(hit?.call).not.toContain('\uFFFD');
    expect(call.startsWith(hit?.call?.slice(0, -1) ?? '?')).toBe(true);
  });

  it('learns the call from a repeat of the same output that names one', () => {
    const bare = t.store.ingest(entry({ original: 'collected 12 items\n12 passed in 0.41s', class: 'log' }));
    const again = t.store.ingest(
      entry({
        original: 'collected 12 items\n12 passed in 0.41s',
        class: 'log',
        call: 'pytest tests/test_forms.py',
      }),
    );
    expect(again.id).toBe(bare.id);
    const hit = recall(t.store, 'collected passed', SCOPE, { touch: false }).hits.find(
      (h) => h.id === bare.id,
    );
    expect(hit?.call).toBe('pytest tests/test_forms.py');
  });
});
