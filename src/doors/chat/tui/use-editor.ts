import { useCallback, useRef, useState } from 'react';
import { emptyInput, inputReducer, type InputAction, type InputState } from './state/input.js';

export interface Editor {
  state: InputState;
  /** The editor as of the last key, even before React has rendered it. */
  current: () => InputState;
  edit: (action: InputAction) => InputState;
}

/**
 * The prompt editor's state, applied at once to a ref as well as to React state: a terminal can
 * deliver several keys before React renders, and each key must see the ones before it.
 */
export function useEditor(): Editor {
  const [state, setState] = useState(() => emptyInput());
  const ref = useRef(state);
  const current = useCallback(() => ref.current, []);
  const edit = useCallback((action: InputAction) => {
    ref.current = inputReducer(ref.current, action);
    setState(ref.current);
    return ref.current;
  }, []);
  return { state, current, edit };
}
