import { describe, expect, it } from 'vitest';
import {
  cursorPosition,
  emptyInput,
  inputReducer,
  type InputAction,
  type InputState,
} from '../../../../../src/doors/chat/tui/state/input.js';

const apply = (state: InputState, ...actions: InputAction[]) => actions.reduce(inputReducer, state);
const typed = (text: string, history: string[] = []) => apply(emptyInput(history), { type: 'insert', text });

describe('inputReducer', () => {
  it('inserts at the cursor and deletes before it', () => {
    const state = apply(typed('helo'), { type: 'left' }, { type: 'insert', text: 'l' });
    expect(state.text).toBe('hello');
    expect(apply(state, { type: 'backspace' }).text).toBe('helo');
    expect(apply(state, { type: 'home' }, { type: 'backspace' }).text).toBe('hello');
  });

  it('turns pasted CR line ends into newlines', () => {
    expect(typed('a\r\nb\rc').text).toBe('a\nb\nc');
  });

  it('moves between lines on up/down, keeping the column', () => {
    const state = apply(typed('abcdef\nxy\nlonger line'), { type: 'up' });
    expect(cursorPosition(state)).toEqual({ line: 1, column: 2 });
    expect(cursorPosition(apply(state, { type: 'up' }))).toEqual({ line: 0, column: 2 });
    expect(cursorPosition(apply(state, { type: 'up' }, { type: 'down' }, { type: 'down' }))).toEqual({
      line: 2,
      column: 2,
    });
  });

  it('walks history from the first line and comes back to the draft', () => {
    let state = typed('draft', ['one', 'two']);
    state = apply(state, { type: 'up' });
    expect(state.text).toBe('two');
    state = apply(state, { type: 'up' }, { type: 'up' });
    expect(state.text).toBe('one');
    state = apply(state, { type: 'down' });
    expect(state.text).toBe('two');
    state = apply(state, { type: 'down' });
    expect(state.text).toBe('draft');
    expect(state.historyIndex).toBeNull();
  });

  it('records sent prompts once, skipping blanks and repeats', () => {
    let state = apply(typed('run the tests'), { type: 'sent' });
    state = apply(state, { type: 'insert', text: 'run the tests' }, { type: 'sent' });
    state = apply(state, { type: 'insert', text: '   ' }, { type: 'sent' });
    expect(state.history).toEqual(['run the tests']);
    expect(state.text).toBe('');
  });

  it('home and end stay on the cursor line', () => {
    const state = apply(typed('first\nsecond'), { type: 'left' }, { type: 'home' });
    expect(state.cursor).toBe(6);
    expect(apply(state, { type: 'end' }).cursor).toBe(12);
  });
});
