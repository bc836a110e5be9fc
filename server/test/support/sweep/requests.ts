/** Sending the sweeps' requests, a few at a time (the machine is small and shared). */
import type { TestApp } from '../app.js';

/** Smallest PNG: what the multipart routes get as `file`. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0d5450000000049454e44ae426082',
  'hex',
);

export interface SweepRequest {
  method: string;
  /** Path from the server root, parameters filled in. */
  path: string;
  /** Already encoded query string, without '?'. */
  query?: string;
  payload?: unknown;
  /** A JSON body sent as written (keys JSON.stringify would not keep, such as __proto__). */
  rawJson?: string;
  multipart?: Record<string, string>;
  /** The multipart field of the PNG (default `file`). */
  fileField?: string;
  /** Leave the PNG out of the multipart body. */
  withoutFile?: boolean;
  /** Authorization: Bearer <token>. */
  token?: string;
}

export interface SweepAnswer {
  status: number;
  text: string;
  body: { error?: string; field?: string } & Record<string, unknown>;
}

export function encodeQuery(values: Record<string, string>): string {
  return new URLSearchParams(values).toString();
}

export async function send(t: TestApp, request: SweepRequest): Promise<SweepAnswer> {
  const headers: Record<string, string> = {};
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  let body: string | FormData | undefined;
  if (request.multipart) {
    const form = new FormData();
    for (const [name, value] of Object.entries(request.multipart)) form.append(name, value);
    if (!request.withoutFile) form.append(request.fileField ?? 'file', new Blob([PNG], { type: 'image/png' }), 'sweep.png');
    body = form;
  } else if (request.rawJson !== undefined || request.payload !== undefined) {
    headers['content-type'] = 'application/json';
    body = request.rawJson ?? JSON.stringify(request.payload);
  }
  const url = `${t.url}${request.path}${request.query ? `?${request.query}` : ''}`;
  const response = await fetch(url, { method: request.method, headers, body });
  const text = await response.text();
  let parsed: SweepAnswer['body'] = {};
  try {
    parsed = text ? (JSON.parse(text) as SweepAnswer['body']) : {};
  } catch {
    // Answers that are not JSON (a proxy-level 431, say) keep only their text.
  }
  return { status: response.status, text, body: parsed };
}

/** Runs the tasks `concurrency` at a time, answering their results in order. */
export async function inBatches<T, R>(items: T[], task: (item: T) => Promise<R>, concurrency = 6): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index]!);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, () => worker()));
  return results;
}
