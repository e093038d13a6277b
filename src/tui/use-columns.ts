import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

/** The terminal's width, kept current on resize (the footer's bar is sized from it). */
export function useColumns(fallback = 80): number {
  const { stdout } = useStdout();
  const [columns, setColumns] = useState(() => stdout.columns || fallback);
  useEffect(() => {
    const onResize = () => setColumns(stdout.columns || fallback);
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout, fallback]);
  return columns;
}
