/** Columns and rows of the terminal, updated when it is resized. */
import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

const FALLBACK = { columns: 80, rows: 24 };

export function useTerminalSize(): { columns: number; rows: number } {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => ({ columns: stdout.columns || FALLBACK.columns, rows: stdout.rows || FALLBACK.rows }));
  useEffect(() => {
    const onResize = () => setSize({ columns: stdout.columns || FALLBACK.columns, rows: stdout.rows || FALLBACK.rows });
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
