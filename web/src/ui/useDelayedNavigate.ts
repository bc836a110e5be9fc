/** Goes to a route after the seed's redirect delay (1 s), so the toast of what just succeeded is read first. */
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { REDIRECT_DELAY_MS } from '@atende/shared';

export function useDelayedNavigate(): (to: string) => void {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(
    (to: string) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => navigate(to), REDIRECT_DELAY_MS);
    },
    [navigate],
  );
}
