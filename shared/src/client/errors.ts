/** The two ways a call can fail: the server answered with an error, or it could not be reached. */
import type { ErrorAnswer } from '../domain/entities.js';

const FALLBACK_CODE = 'ERR_INTERNAL_SERVER_ERROR';

/** An error answer of the API: `{ error: "ERR_...", message, ...extra }` with its HTTP status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** An ERR_ code of the catalogue (or one the server added since), ERR_INTERNAL_SERVER_ERROR when the body has none. */
    readonly code: string,
    message: string,
    /** The whole error body, e.g. ERR_OTHER_OPEN_TICKET carries `ticket`. */
    readonly data: ErrorAnswer,
  ) {
    super(message);
  }

  /** Reads an error answer whatever its shape (JSON of ours, hapi's default, plain text, empty). */
  static from(status: number, body: unknown): ApiError {
    const record = isRecord(body) ? body : {};
    const code = typeof record.error === 'string' && record.error.startsWith('ERR_') ? record.error : FALLBACK_CODE;
    const message =
      typeof record.message === 'string' ? record.message : typeof body === 'string' && body ? body : `HTTP ${status}`;
    return new ApiError(status, code, message, { ...record, error: code, message });
  }
}

/** The request never got an answer (server down, DNS, CORS, connection reset). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
