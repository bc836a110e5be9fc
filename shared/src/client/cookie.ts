/**
 * The refresh token cookie, handled by hand only outside browsers: Node's fetch has no cookie
 * jar, and browsers hide Set-Cookie from scripts (so nothing is read there).
 */
export const REFRESH_COOKIE = 'jrt';

/** The cookie's Path on the server (`/api/auth`), relative to the API root. */
const REFRESH_COOKIE_PATH = '/auth/';

/** Value of `jrt` in a login or refresh answer, when the runtime lets us read Set-Cookie. */
export function readRefreshCookie(headers: Headers): string | undefined {
  // Older browsers lack getSetCookie; they would return nothing for Set-Cookie anyway.
  for (const line of headers.getSetCookie?.() ?? []) {
    const [pair = ''] = line.split(';');
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === REFRESH_COOKIE) {
      return pair.slice(separator + 1).trim() || undefined;
    }
  }
  return undefined;
}

/** The Cookie header a jar would add to a call of `path`: the kept token, raw, on /auth/ paths only. */
export function refreshCookieHeader(path: string, refreshToken: string | undefined): Record<string, string> {
  return refreshToken && path.startsWith(REFRESH_COOKIE_PATH) ? { cookie: `${REFRESH_COOKIE}=${refreshToken}` } : {};
}
