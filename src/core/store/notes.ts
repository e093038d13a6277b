import type Database from 'better-sqlite3';
import { GardenerError } from '../../errors.js';
import { NOTE_ID_PREFIX, randomId } from './ids.js';
import type { Redactor } from './redact.js';
import { NOTE_COLUMNS, NOTE_FROM, toNote, type NoteRow } from './rows.js';
import type { Scopes } from './scopes.js';
import { indexTerms } from './terms.js';
import type { Note, Scope } from './types.js';

/** A note is a curated fact, not a document: this keeps it one. */
export const MAX_NOTE_CHARS = 20_000;
/** Tags per note, and characters per tag. */
const MAX_TAGS = 32;
const MAX_TAG_LENGTH = 64;

/** Tags are single words: `#` dropped, inner whitespace turned into `-`, duplicates removed. */
export function normalizeTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/^#+/, '').replace(/\s+/g, '-').slice(0, MAX_TAG_LENGTH);
    if (tag !== '' && !out.includes(tag)) out.push(tag);
  }
  return out.slice(0, MAX_TAGS);
}

export interface NoteOps {
  note(scope: Scope, text: string, options?: { tags?: string[]; pinned?: boolean }): Note;
  notes(scope: Scope, options?: { pinnedOnly?: boolean }): Note[];
  getNote(id: string): Note | undefined;
  forgetNote(id: string): boolean;
}

export function makeNotes(
  db: Database.Database,
  scopes: Scopes,
  redact: Redactor,
  now: () => number,
): NoteOps {
  const insert = db.prepare(
    `INSERT INTO notes (id, project_id, session_id, text, tags, terms, pinned, created_at, redactions)
     VALUES (@id, @projectId, @sessionId, @text, @tags, @terms, @pinned, @now, @redactions)`,
  );
  const idTaken = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM notes WHERE id = ?');
  const byId = db.prepare<[string], NoteRow>(`SELECT ${NOTE_COLUMNS} FROM ${NOTE_FROM} WHERE n.id = ?`);
  const list = db.prepare<[number, number], NoteRow>(
    `SELECT ${NOTE_COLUMNS} FROM ${NOTE_FROM} WHERE n.project_id = ? AND n.active = 1 AND (? = 0 OR n.pinned = 1)
     ORDER BY n.created_at DESC, n.seq DESC`,
  );
  const deactivate = db.prepare<[string]>('UPDATE notes SET active = 0 WHERE id = ?');

  return {
    note(scope, text, options = {}) {
      const trimmed = typeof text === 'string' ? text.trim() : '';
      if (trimmed === '') throw new GardenerError('USAGE', 'a note needs some text');
      if (trimmed.length > MAX_NOTE_CHARS) {
        throw new GardenerError(
          'USAGE',
          `a note holds at most ${MAX_NOTE_CHARS} characters (got ${trimmed.length})`,
          {
            hint: 'Notes are short curated facts; longer material belongs in the transcript, where it is stored as entries.',
          },
        );
      }
      const redacted = redact(trimmed);
      const tags = normalizeTags((options.tags ?? []).map((tag) => redact(tag).text));
      const run = db.transaction((): Note => {
        const at = now();
        const { projectId, sessionId } = scopes.ensure(scope, at);
        let id = NOTE_ID_PREFIX + randomId();
        while (idTaken.get(id)) id = NOTE_ID_PREFIX + randomId();
        insert.run({
          id,
          projectId,
          sessionId,
          text: redacted.text,
          tags: tags.join(' '),
          terms: indexTerms(redacted.text, ...tags),
          pinned: options.pinned ? 1 : 0,
          now: at,
          redactions: redacted.count,
        });
        return {
          id,
          scope: { ...scope },
          text: redacted.text,
          tags,
          pinned: options.pinned === true,
          createdAt: at,
        };
      });
      return run.immediate();
    },
    notes(scope, options = {}) {
      const projectId = scopes.projectId(scope.project);
      if (projectId === undefined) return [];
      return list.all(projectId, options.pinnedOnly ? 1 : 0).map(toNote);
    },
    getNote(id) {
      const row = byId.get(id);
      return row ? toNote(row) : undefined;
    },
    forgetNote(id) {
      return deactivate.run(id).changes > 0;
    },
  };
}
