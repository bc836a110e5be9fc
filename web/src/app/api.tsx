/**
 * The one API and realtime context. The API client keeps its session in localStorage; a realtime
 * client exists while someone is signed in and is recreated when the user or company changes
 * (document 1 section 4). A session ended by the server, or the account opened elsewhere, shows
 * its toast and reloads the page after 1 second.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RELOAD_DELAY_MS, type AuthAnswer, type User } from '@atende/shared';
import {
  createApiClient,
  createRealtimeClient,
  NetworkError,
  type ApiClient,
  type Credentials,
  type RealtimeClient,
  type RealtimeStatus,
} from '@atende/shared/client';
import { useToast } from '../ui/toast.js';
import { useLatest } from '../ui/useLatest.js';
import { localSession, type ObservableSession } from './session.js';
import { clearAccountStorage } from './storage.js';
import { subscriptionExpiredText } from './subscription.js';

interface ApiState {
  api: ApiClient;
  user: User | null;
  realtime: RealtimeClient | null;
  realtimeStatus: RealtimeStatus;
  login(credentials: Credentials): Promise<AuthAnswer>;
  logout(): Promise<void>;
  /** Reads the signed-in user again (plan, company, queues changed). */
  refreshUser(): Promise<void>;
}

const ApiContext = createContext<ApiState | null>(null);

function reloadSoon(): void {
  window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
}

export function ApiProvider({ children }: { children: ReactNode }) {
  const toast = useToast();
  const { t } = useTranslation();
  // The client is built once; its callbacks read the latest toast and texts through this ref.
  const notices = useLatest({ toast, t });

  const [session] = useState<ObservableSession>(localSession);
  const [api] = useState(() =>
    createApiClient({
      baseUrl: '',
      session,
      onLogout: (reason) => {
        const { toast: notify, t: text } = notices.current;
        notify.error(subscriptionExpiredText(text, reason) ?? text('auth.sessionExpired'));
        reloadSoon();
      },
    }),
  );
  const user = useSyncExternalStore(session.subscribe, () => session.get()?.user ?? null);
  const [realtime, setRealtime] = useState<RealtimeClient | null>(null);
  const [realtimeStatus, setRealtimeStatus] = useState<RealtimeStatus>('disconnected');

  const refreshUser = useCallback(async () => {
    try {
      const fresh = await api.auth.me();
      const current = session.get();
      if (current) session.set({ ...current, user: fresh });
    } catch (error) {
      // Offline: keep the stored user; an ended session was already handled by onLogout.
      if (!(error instanceof NetworkError)) console.warn('could not read the signed-in user', error);
    }
  }, [api, session]);

  useEffect(() => {
    if (session.get()) void refreshUser();
  }, [session, refreshUser]);

  const identity = user ? `${user.companyId}:${user.id}` : null;
  useEffect(() => {
    if (!identity) return;
    const client = createRealtimeClient({
      baseUrl: '',
      api,
      onAccountOpenedElsewhere: () => {
        notices.current.toast.error(notices.current.t('auth.accountOpenedElsewhere'));
        session.set(null);
        clearAccountStorage();
        reloadSoon();
      },
      onError: (error) => console.warn('realtime', error),
    });
    const stopStatus = client.onStatus(setRealtimeStatus);
    const ownId = identity.split(':')[1];
    // Plan flags, due date and the user's own queues or profile feed the shell: keep them current.
    void client.subscribe('plan', () => void refreshUser());
    void client.subscribe('company', () => void refreshUser());
    void client.subscribe<{ action: string; user?: { id: string } }>('user', (event) => {
      if (event.action === 'update' && event.user?.id === ownId) void refreshUser();
    });
    setRealtime(client);
    client.connect().catch((error: unknown) => console.warn('realtime connection failed', error));
    return () => {
      stopStatus();
      setRealtime(null);
      setRealtimeStatus('disconnected');
      void client.disconnect();
    };
  }, [identity, api, session, refreshUser, notices]);

  const login = useCallback((credentials: Credentials) => api.auth.login(credentials), [api]);
  const logout = useCallback(() => api.auth.logout(), [api]);

  const state = useMemo<ApiState>(
    () => ({ api, user, realtime, realtimeStatus, login, logout, refreshUser }),
    [api, user, realtime, realtimeStatus, login, logout, refreshUser],
  );
  return <ApiContext.Provider value={state}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiState {
  const state = useContext(ApiContext);
  if (!state) throw new Error('useApi outside ApiProvider');
  return state;
}

/** The signed-in user, for components that only render inside the private shell. */
export function useUser(): User {
  const { user } = useApi();
  if (!user) throw new Error('useUser without a signed-in user');
  return user;
}
