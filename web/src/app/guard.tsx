/** The one route guard: applies guardRedirect (routes.ts) to every visit. */
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { User } from '@atende/shared';
import { useApi } from './api.js';
import { guardRedirect, type GuardContext } from './routes.js';
import { readStorage, STORAGE_KEYS } from './storage.js';

export function guardContextOf(user: User | null): GuardContext {
  return {
    signedIn: user !== null,
    profile: user?.profile ?? null,
    super: user?.super ?? false,
    cshow: readStorage(STORAGE_KEYS.cshow) !== null,
    planFlags: user?.company?.plan ?? {},
  };
}

export function Guard() {
  const { user } = useApi();
  const { pathname } = useLocation();
  const redirect = guardRedirect(pathname, guardContextOf(user));
  return redirect ? <Navigate to={redirect} replace /> : <Outlet />;
}
