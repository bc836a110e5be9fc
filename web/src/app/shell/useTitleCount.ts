/** The browser tab's title counts what waits for the user, "(3) Atende", as mail and chat tabs do. */
import { useEffect } from 'react';

/** The title the page was served with (index.html). */
const BASE_TITLE = typeof document === 'undefined' ? 'Atende' : document.title.replace(/^\(\d+\)\s*/, '');

export function useTitleCount(count: number): void {
  useEffect(() => {
    document.title = count > 0 ? `(${count}) ${BASE_TITLE}` : BASE_TITLE;
    return () => {
      document.title = BASE_TITLE;
    };
  }, [count]);
}
