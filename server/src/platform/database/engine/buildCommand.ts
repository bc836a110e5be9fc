/** `npm run engine`: builds the embedded engine's FerretDB ahead of the first start (prints its path). */
import { ensureFerretdb, logToStderr } from './ferretdbBuild.js';

if (process.env.MONGODB_URI) {
  logToStderr('MONGODB_URI is set; the embedded engine is not needed, skipping.');
} else {
  ensureFerretdb().then(
    (binary) => process.stdout.write(`${binary}\n`),
    (err: unknown) => {
      logToStderr(err instanceof Error ? err.message : String(err));
      process.exitCode = 1;
    },
  );
}
