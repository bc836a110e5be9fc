/**
 * The company's connections, kept live from the whatsapp and whatsappSession channels. The menu's
 * alert badge and the connections page read the same list.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ConnectionAlert, Whatsapp, WhatsappEvent, WhatsappSessionEvent, WhatsappStatus } from '@atende/shared';
import { useErrorToast } from '../ui/toast.js';
import { useApi } from './api.js';
import { useConnectionAlerts } from './connectionAlerts.js';
import { useChannel } from './realtime.js';

/** Statuses that raise the menu's connection alert (document 1 section 2). */
export const ALERT_STATUSES: readonly WhatsappStatus[] = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];

export function needsAttention(whatsapps: Pick<Whatsapp, 'status'>[]): boolean {
  return whatsapps.some((whatsapp) => ALERT_STATUSES.includes(whatsapp.status));
}

interface WhatsappsState {
  whatsapps: Whatsapp[];
  loading: boolean;
  /** Applies an answer of the API at once (the realtime echo may come later). */
  put(whatsapp: Whatsapp): void;
  drop(id: string): void;
  /** The latest connection alerts (admins only), newest first. */
  alerts: ConnectionAlert[];
}

const WhatsappsContext = createContext<WhatsappsState | null>(null);

/** Realtime payloads carry no API token: keep the one an admin's list answer had. */
function merge(list: Whatsapp[], incoming: Whatsapp): Whatsapp[] {
  const index = list.findIndex((whatsapp) => whatsapp.id === incoming.id);
  if (index < 0) return [...list, incoming].sort((a, b) => a.name.localeCompare(b.name));
  const next = [...list];
  next[index] = { ...list[index], ...incoming };
  return next;
}

export function WhatsappsProvider({ children }: { children: ReactNode }) {
  const { api } = useApi();
  const showError = useErrorToast();
  const [whatsapps, setWhatsapps] = useState<Whatsapp[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let active = true;
    api.whatsapp
      .list({ session: 0 })
      .then((list) => active && setWhatsapps(list), showError)
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [api, showError]);

  const put = useCallback((whatsapp: Whatsapp) => setWhatsapps((list) => merge(list, whatsapp)), []);
  const drop = useCallback((id: string) => setWhatsapps((list) => list.filter((whatsapp) => whatsapp.id !== id)), []);

  useChannel<WhatsappEvent>('whatsapp', (event) => {
    if (event.action === 'update') put(event.whatsapp);
    else drop(event.whatsappId);
  });
  useChannel<WhatsappSessionEvent>('whatsappSession', (event) => put(event.session));
  const alerts = useConnectionAlerts();

  const state = useMemo(() => ({ whatsapps, loading, put, drop, alerts }), [whatsapps, loading, put, drop, alerts]);
  return <WhatsappsContext.Provider value={state}>{children}</WhatsappsContext.Provider>;
}

export function useWhatsapps(): WhatsappsState {
  const state = useContext(WhatsappsContext);
  if (!state) throw new Error('useWhatsapps outside WhatsappsProvider');
  return state;
}
