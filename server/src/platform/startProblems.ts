/**
 * A start that fails for a reason the operator can fix is told as such: what went wrong and what
 * to change. Anything else is shown whole (a defect to report).
 */
interface SystemError extends Error {
  code?: string;
  syscall?: string;
  path?: string;
  port?: number;
}

export function describeStartFailure(err: unknown, settings: { port: number; host: string; dataDir: string; mongodb: boolean }): string | null {
  if (!(err instanceof Error)) return null;
  const failure = err as SystemError;
  if (failure.code === 'EADDRINUSE' && failure.syscall === 'listen') {
    return `port ${settings.port} on ${settings.host} is already in use (another Atende, or another program).\n  Fix: stop that program, or set PORT to a free port in the environment or in .env.`;
  }
  if (failure.code === 'EACCES' && failure.syscall === 'listen') {
    return `this user may not listen on port ${settings.port} (ports below 1024 need privileges).\n  Fix: set PORT to 1024 or above (8080 is the default) and put a reverse proxy in front for port 80/443.`;
  }
  if ((failure.code === 'EACCES' || failure.code === 'EROFS' || failure.code === 'EPERM') && failure.path?.startsWith(settings.dataDir)) {
    return `the data folder ${settings.dataDir} cannot be written (${failure.code} on ${failure.path}).\n  Fix: give this user write access to it, or set ATENDE_DATA_DIR to a folder it may write.`;
  }
  if (settings.mongodb && /MongoServerSelectionError|MongoNetworkError|MongoParseError|MongoAPIError/.test(failure.name)) {
    return `the database in MONGODB_URI cannot be reached: ${failure.message}\n  Fix: check that the MongoDB server is running and that MONGODB_URI (host, port, user, password, replicaSet) is right; or unset MONGODB_URI to use the embedded engine.`;
  }
  if (failure.name === 'MongoServerError' && /auth/i.test(failure.message)) {
    return `the database in MONGODB_URI refused the credentials: ${failure.message}\n  Fix: correct the user and password in MONGODB_URI (and authSource if the user lives in another database).`;
  }
  return null;
}
