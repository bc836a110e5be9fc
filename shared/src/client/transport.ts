/** One HTTP exchange with the API: URL, headers, body encoding, answer decoding, error mapping. */
import { ApiError, NetworkError } from './errors.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;
export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export interface RequestOptions {
  /** Query string; null and undefined values are left out. */
  query?: Query;
  /** JSON body. */
  body?: unknown;
  /** Multipart body (media uploads); wins over `body`. */
  form?: FormData;
  headers?: Record<string, string>;
}

export interface Exchange<T> {
  data: T;
  headers: Headers;
}

export type Send = <T>(method: HttpMethod, path: string, options: RequestOptions, token?: string) => Promise<Exchange<T>>;

/** `baseUrl` is the server origin (`http://127.0.0.1:8080`, or '' for the page's own origin). */
export function createTransport(baseUrl: string, fetchImpl: Fetch): Send {
  const root = `${baseUrl.replace(/\/+$/, '')}/api`;

  return async function send<T>(method: HttpMethod, path: string, options: RequestOptions, token?: string) {
    const headers = new Headers(options.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    let body: string | FormData | undefined;
    if (options.form) {
      body = options.form;
    } else if (options.body !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(options.body);
    }

    const url = root + path + queryString(options.query);
    let response: Response;
    let text: string;
    try {
      // credentials: the browser sends and stores the httpOnly refresh cookie (also cross-origin in dev).
      response = await fetchImpl(url, { method, headers, body, credentials: 'include' });
      text = await response.text();
    } catch (cause) {
      throw new NetworkError(`${method} ${url} failed: ${describe(cause)}`, { cause });
    }
    const payload = decode(text, response.headers);
    if (!response.ok) throw ApiError.from(response.status, payload);
    return { data: payload as T, headers: response.headers };
  };
}

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Empty answers (204) decode to undefined. */
function decode(text: string, headers: Headers): unknown {
  if (!text) return undefined;
  return (headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
}

function describe(cause: unknown): string {
  if (cause instanceof Error) {
    // Node's fetch hides the reason (ECONNREFUSED...) one level down.
    const inner = cause.cause instanceof Error ? `: ${cause.cause.message}` : '';
    return cause.message + inner;
  }
  return String(cause);
}
