import type { BenchEvent } from '../run.js';

/** What the progress display knows at a moment. */
export interface ProgressState {
  total: number;
  done: number;
  label: string;
  strategy: string;
  call: number;
  calls: number;
  skipped: number;
}

export function initialProgress(): ProgressState {
  return { total: 0, done: 0, label: '', strategy: '', call: 0, calls: 0, skipped: 0 };
}

/** The state after an event. */
export function advance(state: ProgressState, event: BenchEvent): ProgressState {
  switch (event.type) {
    case 'skip':
      return { ...state, skipped: state.skipped + 1 };
    case 'start':
      return { ...state, total: event.sessions };
    case 'session-start':
      return { ...state, label: event.label, strategy: '', call: 0, calls: event.calls };
    case 'progress':
      return { ...state, strategy: event.strategy, call: event.call, calls: event.calls };
    case 'session-done':
      return { ...state, done: state.done + 1 };
    case 'done':
      return state;
  }
}

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** mm:ss */
export function clock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** One status line, at most `width` characters: spinner, sessions done, elapsed, strategy, session. */
export function progressLine(state: ProgressState, elapsedMs: number, frame: number, width: number): string {
  const head = state.total
    ? `${SPINNER[frame % SPINNER.length]} ${state.done}/${state.total} sessions · ${clock(elapsedMs)}`
    : `${SPINNER[frame % SPINNER.length]} reading sessions · ${clock(elapsedMs)}`;
  const where = state.strategy ? ` · ${state.strategy} ${state.call}/${state.calls}` : '';
  const skipped = state.skipped ? ` · ${state.skipped} skipped` : '';
  const fixed = `${head}${where}${skipped}`;
  const room = width - fixed.length - 3;
  if (!state.label || room < 8) return fixed.slice(0, width);
  const label = state.label.length > room ? `…${state.label.slice(-(room - 1))}` : state.label;
  return `${fixed} · ${label}`;
}
