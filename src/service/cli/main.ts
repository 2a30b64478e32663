import { CliError } from './cli-error';
import { demoCommand, demoUsage } from './demo-command';
import { importCommand, importUsage } from './import-command';
import { startCommand, startUsage } from './start-command';
import { tokenCommand, tokenUsage } from './token-command';

const commands: Record<string, { run: (argv: string[]) => unknown; usage: string }> = {
  start: { run: startCommand, usage: startUsage },
  import: { run: importCommand, usage: importUsage },
  demo: { run: demoCommand, usage: demoUsage },
  token: { run: tokenCommand, usage: tokenUsage },
};

async function main(argv: string[]): Promise<void> {
  const [name = '', ...rest] = argv;
  const command = commands[name];
  if (!command)
    throw new CliError(
      `unknown command ${JSON.stringify(name)}; use one of ${Object.keys(commands).join(', ')}`,
    );
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

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof CliError) {
    console.error(`Error: ${error.message}`);
    process.exit(error.exitCode);
  }
  console.error(error);
  process.exit(1);
});
