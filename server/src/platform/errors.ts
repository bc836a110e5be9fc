/**
 * The one error mapping: every failure leaves as `{ error: "ERR_...", message, ...extra }`.
 * Services throw AppError; hapi, joi and the database errors are translated here.
 */
import Boom from '@hapi/boom';
import type { Request, ResponseToolkit, ResponseObject } from '@hapi/hapi';
import type { ValidationError } from 'joi';
import { ERROR_STATUS, type ErrorCode } from '@atende/shared';
import { errorText } from './texts.js';
import type { Logger } from './logger.js';
import { loggedPath } from './http/requestLog.js';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly extra: Record<string, unknown>;

  constructor(code: ErrorCode, extra: Record<string, unknown> = {}, message?: string) {
    super(message ?? errorText(code));
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.extra = extra;
    // A real Boom, so hapi, its auth layer and nes all see the right status.
    Boom.boomify(this, { statusCode: this.status, data: { code } });
  }
}

/** Which ERR_ code a unique index violation means, by collection and field of the index. */
const duplicateCodes = new Map<string, Map<string, ErrorCode>>();

export function registerDuplicateCode(collection: string, field: string, code: ErrorCode): void {
  const fields = duplicateCodes.get(collection) ?? new Map<string, ErrorCode>();
  fields.set(field, code);
  duplicateCodes.set(collection, fields);
}

interface MongoDuplicateError {
  code: number;
  keyValue?: Record<string, unknown>;
  keyPattern?: Record<string, unknown>;
  errmsg?: string;
  message: string;
}

/**
 * FerretDB answers a unique violation on update with code 1 and PostgreSQL's message, naming its
 * index "<collection>_<hash>_<index name, lower-cased, non-letters as _, cut>_<hash>_idx".
 */
const FERRET_UPDATE_DUPLICATE = /duplicate key value violates unique constraint "([a-z0-9]+)_[0-9a-f]{8}_(\w+?)_[0-9a-f]{8}_idx"/;

export function isDuplicateKey(err: unknown): err is MongoDuplicateError {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  return code === 11000 || (typeof message === 'string' && FERRET_UPDATE_DUPLICATE.test(message));
}

/** The registered fields an index name (as FerretDB mangles it: lower case, cut) speaks of. */
function fieldsNamedIn(indexPart: string, fields: Map<string, ErrorCode>): string[] {
  return [...fields.keys()].filter((field) => indexPart.includes(field.toLowerCase().slice(0, 5)));
}

/**
 * MongoDB names the field in keyValue. FerretDB 1.24 names only the collection on insert
 * ("E11000 duplicate key error collection: db.users"), so a collection with a single registered
 * unique field is enough to tell; on update it names the index.
 */
export function duplicateKeyCode(err: MongoDuplicateError): ErrorCode {
  const text = `${err.errmsg ?? ''} ${err.message}`;
  const onUpdate = FERRET_UPDATE_DUPLICATE.exec(text);
  const collection = onUpdate?.[1] ?? /collection: [^.\s]+\.(\S+)/.exec(text)?.[1];
  const fields = collection ? duplicateCodes.get(collection) : undefined;
  if (!fields) return 'ERR_DUPLICATED';
  const named = onUpdate?.[2] ? fieldsNamedIn(onUpdate[2], fields) : Object.keys(err.keyValue ?? err.keyPattern ?? {});
  for (const field of named) {
    const code = fields.get(field);
    if (code) return code;
  }
  return fields.size === 1 ? [...fields.values()][0]! : 'ERR_DUPLICATED';
}

export function validationError(err: ValidationError, source: string): AppError {
  // A rule on the whole body (empty object, not an object) has no path: name the source.
  const details = err.details.map((d) => ({
    field: d.path.join('.') || source,
    rule: d.type,
    message: d.message.replace(/"/g, ''),
  }));
  const first = details[0];
  const message = first ? `${source} ${first.field}: ${first.message} (${first.rule})` : err.message;
  return new AppError('ERR_VALIDATION', { field: first?.field, rule: first?.rule, details }, message);
}

/** Driver errors that mean the database is away (not that the request was wrong). */
const DATABASE_AWAY = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoPoolClearedError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
]);

/**
 * A server's answer that it lost its storage or is going away. MongoDB: host unreachable or not
 * found, network timeout, shutting down, no primary (stepped down, not writable, interrupted by a
 * replica set change), socket error. FerretDB passes PostgreSQL's errors on in the message: a
 * connection lost or refused (SQLSTATE class 08, 57P01-57P03: terminated, shutting down, starting up).
 */
const SERVER_AWAY_CODES = new Set([6, 7, 89, 91, 189, 9001, 10107, 11600, 11602, 13435, 13436]);
const BACKEND_AWAY = /SQLSTATE (08[0-9A-Z]{3}|57P0[1-3])|failed to connect to `|unexpected EOF|conn closed|connection reset by peer|broken pipe/;

/** True when `err` says the database is away (an outage), not that the request was wrong. */
export function isDatabaseAway(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { name, code, message } = err as { name?: unknown; code?: unknown; message?: unknown };
  if (typeof name === 'string' && DATABASE_AWAY.has(name)) return true;
  const text = typeof message === 'string' ? message : '';
  if (name === 'MongooseError') return /buffering timed out/.test(text);
  if (name !== 'MongoServerError') return false;
  return (typeof code === 'number' && SERVER_AWAY_CODES.has(code)) || BACKEND_AWAY.test(text);
}

/** Turns anything thrown into an AppError; unknown errors never leak their message or stack. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isDuplicateKey(err)) return new AppError(duplicateKeyCode(err));
  // Before the Boom check: hapi boomifies whatever a handler throws (as a 500) in place.
  const name = (err as { name?: string } | null)?.name;
  if (isDatabaseAway(err)) return new AppError('ERR_DATABASE_UNAVAILABLE');
  if (name === 'CastError') return new AppError('ERR_NOT_FOUND');
  if (Boom.isBoom(err)) return fromBoom(err);
  return new AppError('ERR_INTERNAL_SERVER_ERROR');
}

function fromBoom(err: Boom.Boom): AppError {
  const status = err.output.statusCode;
  const data = err.data as { code?: ErrorCode } | null;
  if (data?.code) return new AppError(data.code);
  if (status === 404) return new AppError('ERR_ROUTE_NOT_FOUND');
  if (status === 401) return new AppError('ERR_UNAUTHENTICATED');
  if (status === 403) return new AppError('ERR_NO_PERMISSION');
  if (status === 413) return new AppError('ERR_PAYLOAD_TOO_LARGE');
  // A multipart body over its limit (counted as inflated, for a compressed one) comes wrapped in a 400.
  if (status === 400 && Boom.isBoom(err.data) && err.data.output.statusCode === 413) return new AppError('ERR_PAYLOAD_TOO_LARGE');
  if (status === 415 || status === 400) {
    return new AppError('ERR_VALIDATION', { field: 'payload', rule: status === 415 ? 'content-type' : 'parse' }, err.message || 'Invalid request payload');
  }
  if (status < 500) {
    const error = new AppError('ERR_VALIDATION', {}, err.message);
    return Object.assign(error, { status });
  }
  return new AppError('ERR_INTERNAL_SERVER_ERROR');
}

export function errorBody(err: AppError): Record<string, unknown> {
  return { ...err.extra, error: err.code, message: err.message };
}

/** onPreResponse: rewrites every Boom into the error body. */
export function errorResponder(logger: Logger) {
  return (request: Request, h: ResponseToolkit): ResponseObject | symbol => {
    const response = request.response;
    if (!Boom.isBoom(response)) return h.continue;
    // Hapi boomifies thrown errors in place, so an AppError is still an AppError here.
    const appError = toAppError(response);
    if (appError.status >= 500) {
      logger.error({ err: response, path: loggedPath(request), method: request.method }, 'request failed');
    }
    const answer = h.response(errorBody(appError)).code(appError.status);
    if (typeof appError.extra.retryAfter === 'number') {
      answer.header('retry-after', String(appError.extra.retryAfter));
    }
    return answer;
  };
}
