import { runCli } from './run-cli';

// A refused command ends the process with its code at once; a server started by
// `start` keeps it running until a signal stops it.
void runCli(process.argv.slice(2)).then((code) => {
  if (code !== 0) process.exit(code);
});
