/** The `atende` program: global options, the command groups, and the exit code of a run. */
import { Command, CommanderError, Option } from 'commander';
import { APP_VERSION, LANGUAGES } from '@atende/shared';
import { companiesCommand } from './commands/companies.js';
import { connectionsCommand } from './commands/connections.js';
import { contactsCommand } from './commands/contacts.js';
import { dbCommand } from './commands/db.js';
import { flowsCommand } from './commands/flows.js';
import { plansCommand } from './commands/plans.js';
import { queuesCommand } from './commands/queues.js';
import { quickMessagesCommand } from './commands/quickMessages.js';
import { sandboxCommand } from './commands/sandbox.js';
import { sendCommand } from './commands/send.js';
import { sessionCommands } from './commands/session.js';
import { settingsCommand } from './commands/settings.js';
import { tagsCommand } from './commands/tags.js';
import { ticketsCommand } from './commands/tickets.js';
import { invoicesCommand } from './commands/invoices.js';
import { usersCommand } from './commands/users.js';
import { whatsappCommand } from './commands/whatsapp.js';
import { describeError, EXIT, exitCodeOf } from './support/errors.js';
import { createTexts, languageFlag, resolveLanguage, type Texts } from './support/i18n.js';
import { printError } from './support/output.js';

function buildProgram(texts: Texts): Command {
  const { t } = texts;
  // Settings first: subcommands copy them (help texts, error handling) when they are added.
  const program = new Command('atende')
    .description(t('description'))
    .version(APP_VERSION, '-V, --version', t('options.version'))
    .helpOption('-h, --help', t('options.help'))
    .helpCommand('help [command]', t('options.helpCommand'))
    .option('--server <url>', t('options.server'))
    .option('--json', t('options.json'))
    .option('-y, --yes', t('options.yes'))
    .addOption(new Option('--lang <lang>', t('options.lang')).choices(LANGUAGES))
    .exitOverride()
    .addHelpText('after', `\n${t('exitCodes')}`);
  sessionCommands(program, texts);
  companiesCommand(program, texts);
  plansCommand(program, texts);
  usersCommand(program, texts);
  settingsCommand(program, texts);
  invoicesCommand(program, texts);
  connectionsCommand(program, texts);
  whatsappCommand(program, texts);
  queuesCommand(program, texts);
  tagsCommand(program, texts);
  quickMessagesCommand(program, texts);
  ticketsCommand(program, texts);
  sendCommand(program, texts);
  sandboxCommand(program, texts);
  contactsCommand(program, texts);
  flowsCommand(program, texts);
  dbCommand(program, texts);
  return program;
}

/** Runs the program over `argv`; the environment is the process's (commands read it too). */
export async function main(argv: string[]): Promise<number> {
  const texts = createTexts(resolveLanguage(languageFlag(argv), process.env));
  try {
    await buildProgram(texts).parseAsync(argv);
    return EXIT.ok;
  } catch (error) {
    // Commander has printed its own message (or the help / version asked for).
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    const { code, message } = describeError(error, texts);
    const exitCode = exitCodeOf(error);
    printError(argv.includes('--json'), { error: code ?? null, message, exitCode });
    return exitCode;
  }
}
