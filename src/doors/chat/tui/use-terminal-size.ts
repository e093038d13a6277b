import { useStdout } from 'ink';
import { useEffect, useRef, useState } from 'react';

export interface TerminalSize {
  columns: number;
  rows: number;
}

/** The terminal's size, kept current on resize (the footer's bar and the live area are sized from it). */
export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => sizeOf(stdout));
  useEffect(() => {
    const onResize = () => setSize(sizeOf(stdout));
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}

function sizeOf(stdout: NodeJS.WriteStream): TerminalSize {
  return { columns: stdout.columns || 80, rows: stdout.rows || 24 };
}

/** A burst of resize events (a window dragged) is redrawn once, this long after the last one. */
export const RESIZE_SETTLE_MS = 60;

/**
 * Calls `redraw` once the terminal has settled on a size other than the one last drawn at. A
 * terminal rewraps the lines already on screen when its width changes, and Ink, which erases its
 * last frame by counting lines, then leaves fragments behind; only a clear screen and a full redraw
 * are clean.
 */
export function useRedrawOnResize(columns: number, rows: number, redraw: () => void): void {
  const drawnAt = useRef({ columns, rows });
  const latest = useRef(redraw);
  latest.current = redraw;
  useEffect(() => {
    const drawn = drawnAt.current;
    if (drawn.columns === columns && drawn.rows === rows) return;
    const timer = setTimeout(() => {
      drawnAt.current = { columns, rows };
      latest.current();
    }, RESIZE_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [columns, rows]);
}
