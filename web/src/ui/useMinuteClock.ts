/** The time now, refreshed every minute (what a "waiting 12 min" needs to stay true). */
import { useEffect, useState } from 'react';

const MINUTE = 60_000;

export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), MINUTE);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
