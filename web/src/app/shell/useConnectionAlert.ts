import { useEffect, useState } from 'react';
import { CONNECTION_ALERT_DELAY_MS } from '../constants.js';
import { needsAttention, useWhatsapps } from '../whatsapps.js';

/** The menu's connection alert, evaluated 2 seconds after the list last changed (document 1 section 2). */
export function useConnectionAlert(enabled: boolean): boolean {
  const { whatsapps } = useWhatsapps();
  const [alert, setAlert] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setTimeout(() => setAlert(needsAttention(whatsapps)), CONNECTION_ALERT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [whatsapps, enabled]);
  return enabled && alert;
}
