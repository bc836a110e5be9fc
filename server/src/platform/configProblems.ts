/**
 * What a wrong configuration tells the operator: which variable, what is wrong with its value,
 * and how to fix it (the variables are documented in .env.example and the README).
 */
import type { ValidationErrorItem } from 'joi';

const WHERE = 'in the environment or in the .env file at the root (every variable is described in .env.example)';

function shown(value: unknown): string {
  if (value === undefined) return '(unset)';
  const text = String(value);
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

/** One line per invalid variable: `PORT="http": must be a number. Fix: ...`. */
export function describeInvalidSettings(details: ValidationErrorItem[], env: NodeJS.ProcessEnv): string {
  const lines = details.map((detail) => {
    const name = String(detail.path[0] ?? detail.context?.key ?? '?');
    // Secrets are never echoed back, not even to the console.
    const value = /SECRET|PASSWORD/.test(name) || name === 'MONGODB_URI' || name.endsWith('_URL') ? '(value hidden)' : shown(env[name]);
    const problem = detail.message.replace(/^"[^"]+" /, '');
    return `  ${name}=${value}: ${problem}. Fix: correct ${name} ${WHERE}, or remove it to use the default.`;
  });
  return `the configuration is not valid:\n${lines.join('\n')}`;
}

export function describeMissingSecret(name: string, isProduction: boolean): string {
  const why = isProduction ? 'NODE_ENV=production requires it' : 'it is required here';
  return (
    `${name} is not set, and ${why} (the tokens of every session are signed with it).\n` +
    `  Fix: set ${name} to a random string of at least 16 characters ${WHERE}, for example the output of\n` +
    `  \`node -e "console.log(require('crypto').randomBytes(32).toString('hex'))"\`; ` +
    'JWT_SECRET and JWT_REFRESH_SECRET must differ, and stay the same across restarts and nodes.'
  );
}
