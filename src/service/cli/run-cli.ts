import { CliError } from './cli-error';

interface Command {
  run: (argv: string[]) => unknown;
  usage: string;
}

// Each command's module is loaded only when it runs, so `start` does not pay at
// start-up for the demo generator and the importer.
const commands: Record<string, () => Promise<Command>> = {
  start: async () => {
    const { startCommand, startUsage } = await import('./start-command');
    return { run: startCommand, usage: startUsage };
  },
  import: async () => {
    const { importCommand, importUsage } = await import('./import-command');
    return { run: importCommand, usage: importUsage };
  },
  demo: async () => {
    const { demoCommand, demoUsage } = await import('./demo-command');
    return { run: demoCommand, usage: demoUsage };
  },
  token: async () => {
    const { tokenCommand, tokenUsage } = await import('./token-command');
    return { run: tokenCommand, usage: tokenUsage };
  },
};

async function runCommand(argv: string[]): Promise<void> {
  const [name = '', ...rest] = argv;
  const load = commands[name];
  if (!load)
    throw new CliError(
      `unknown command ${JSON.stringify(name)}; use one of ${Object.keys(commands).join(', ')}`,
    );
  const command = await load();
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(command.usage);
    return;
  }
  try {
    await command.run(rest);
  } catch (error) {
    // parseArgs reports unknown or malformed options with a TypeError and a code.
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      throw new CliError(`${(error as Error).message}\n\nUsage:\n${command.usage}`);
    }
    throw error;
  }
}

/**
 * Runs one command line (`start`, `import`, `demo` or `token` and its options) and
 * answers the exit code it asks for: 0 once the command has done its work (for
 * `start`, once the server listens), or the code of a refusal, which is printed to
 * stderr without a stack trace. Tests run commands through this in their own process.
 */
export async function runCli(argv: string[]): Promise<number> {
  try {
    await runCommand(argv);
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      console.error(`Error: ${error.message}`);
      return error.exitCode;
    }
    console.error(error);
    return 1;
  }
}
