import type { Session } from '../session/session.js';
import type { Form } from '../view/slot.js';
import type { View } from '../view/view.js';
import type { Ledger } from './ledger.js';
import { savedThinking } from './thinking.js';
import { FORM_CHUNK_ENTRIES, saveFormChunk, saveState, type SavedState } from './persist.js';

/** The chunks of saved forms this process writes to (persist.ts). */
export interface FormLog {
  /** Chunks saved, the open one included. */
  chunks: number;
  /** The open chunk's entries (the last one saved). */
  open: Record<string, Form>;
  openEntries: number;
  /** The saved forms are all in chunks (not in the main record of an older save). */
  chunked: boolean;
  /** Forms events gave blocks since the last save, with the `saveLater` setting; the latest wins. */
  unsaved: Map<string, Form>;
  /** Something else of the saved state changed since the last save (thinking left out, context kept). */
  dirty: boolean;
}

/** The form log of a state just loaded: new changes go to a new chunk after the saved ones. */
export function openFormLog(saved: SavedState): FormLog {
  return {
    chunks: saved.formChunks,
    open: {},
    openEntries: FORM_CHUNK_ENTRIES,
    // A save with chunks keeps no forms in its main record (saveState).
    chunked: saved.formChunks > 0 || Object.keys(saved.forms).length === 0,
    unsaved: new Map(),
    dirty: false,
  };
}

/** Saves an event's form changes now, or with the `saveLater` setting at the next save (saveUnsaved). */
export function saveEvent(
  session: Session,
  ledger: Ledger,
  view: View,
  changes: ReadonlyMap<string, Form>,
): void {
  if (!session.config.persist) return;
  if (!session.config.saveLater) return persist(session, ledger, view, changes);
  for (const [key, form] of changes) ledger.formLog.unsaved.set(key, form);
}

/** Saves a change of the state other than forms now, or with the `saveLater` setting at the next save. */
export function saveLedger(session: Session, ledger: Ledger, view: View): void {
  if (!session.config.persist) return;
  if (!session.config.saveLater) return persist(session, ledger, view);
  ledger.formLog.dirty = true;
}

/** Saves the changes of the events not saved yet, if there are any. */
export function saveUnsaved(session: Session, ledger: Ledger, view: View): void {
  if (ledger.formLog.unsaved.size > 0 || ledger.formLog.dirty) persist(session, ledger, view);
}

/**
 * Saves pins, recall refreshes, counters and events, with the forms that `changes` gave blocks:
 * they are added to the open chunk of forms, so the save does not grow with the session. A state
 * loaded from an older save (its forms in the main record) is saved whole once (persistAll).
 */
export function persist(
  session: Session,
  ledger: Ledger,
  view: View,
  given?: ReadonlyMap<string, Form>,
): void {
  if (!session.config.persist) return;
  if (!ledger.formLog.chunked) {
    persistAll(session, ledger, view);
    return;
  }
  const changes = withUnsaved(ledger.formLog, given);
  if (changes !== undefined && changes.size > 0) {
    const log = ledger.formLog;
    if (log.openEntries > 0 && log.openEntries + changes.size > FORM_CHUNK_ENTRIES) {
      log.chunks++;
      log.open = {};
      log.openEntries = 0;
    }
    for (const [key, form] of changes) log.open[key] = form;
    log.openEntries = Object.keys(log.open).length;
    saveFormChunk(session.store, session.scope, log.chunks - 1, log.open);
  }
  saveMain(session, ledger);
}

/**
 * Saves every form afresh (those of blocks not seen yet in this process, and every block not in its
 * original form), in full chunks, then the rest of the state: at close, off the request path.
 */
export function persistAll(session: Session, ledger: Ledger, view: View): void {
  if (!session.config.persist) return;
  const forms: Record<string, Form> = {};
  for (const [key, form] of ledger.savedForms) forms[key] = form;
  for (const slot of view.all) {
    if (slot.form !== 'original') forms[slot.key] = slot.form;
    else delete forms[slot.key];
  }
  const entries = Object.entries(forms);
  const log = ledger.formLog;
  log.chunks = Math.ceil(entries.length / FORM_CHUNK_ENTRIES);
  for (let n = 0; n < log.chunks; n++) {
    const chunk = entries.slice(n * FORM_CHUNK_ENTRIES, (n + 1) * FORM_CHUNK_ENTRIES);
    saveFormChunk(session.store, session.scope, n, Object.fromEntries(chunk));
  }
  log.open = {};
  log.openEntries = FORM_CHUNK_ENTRIES;
  log.chunked = true;
  log.unsaved.clear();
  saveMain(session, ledger);
}

/** The changes to save: those of earlier events not saved yet, then the given ones (taken out of the log). */
function withUnsaved(
  log: FormLog,
  given: ReadonlyMap<string, Form> | undefined,
): ReadonlyMap<string, Form> | undefined {
  if (log.unsaved.size === 0) return given;
  const changes = new Map(log.unsaved);
  for (const [key, form] of given ?? []) changes.set(key, form);
  log.unsaved.clear();
  return changes;
}

function saveMain(session: Session, ledger: Ledger): void {
  ledger.saved.formChunks = ledger.formLog.chunks;
  ledger.formLog.dirty = false;
  saveState(session.store, session.scope, {
    ...ledger.saved,
    pinned: [...ledger.pinned],
    access: Object.fromEntries(ledger.access),
    counters: ledger.counters,
    lastRenderAt: ledger.lastRender?.at ?? null,
    thinking: savedThinking(ledger.thinking),
  });
}
