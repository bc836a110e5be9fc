/** The one route guard: applies guardRedirect (routes.ts) to every visit. */
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { User } from '@atende/shared';
import { useApi } from './api.js';
import { guardRedirect, type GuardContext } from './routes.js';
import { readStorage, STORAGE_KEYS } from './storage.js';

/**
 * The campaign area's flag: the browser-storage key cshow, or the company's campaignsEnabled
 * setting (on unless turned off), so that a company with campaigns reaches them from the menu.
 */
function campaignArea(user: User | null): boolean {
  if (readStorage(STORAGE_KEYS.cshow) !== null) return true;
  const setting = user?.company?.settings?.find((entry) => entry.key === 'campaignsEnabled');
  return user !== null && setting?.value !== 'disabled';
}

export function guardContextOf(user: User | null): GuardContext {
  return {
    signedIn: user !== null,
    profile: user?.profile ?? null,
    super: user?.super ?? false,
    cshow: campaignArea(user),
    planFlags: user?.company?.plan ?? {},
  };
}

export function Guard() {
  const { user } = useApi();
  const { pathname } = useLocation();
  const redirect = guardRedirect(pathname, guardContextOf(user));
  return redirect ? <Navigate to={redirect} replace /> : <Outlet />;
}
