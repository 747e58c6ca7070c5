// `npm run simulator -- --port 4010 --api-key <key>`: prints exactly one line when ready, with
// the control token when it made one (a given token, like the key, is never printed).
import { parseCliArgs } from './cliArgs';
import { startSimulator } from './index';

async function main(): Promise<void> {
  let options;
  try {
    options = parseCliArgs(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
    return;
  }
  const sim = await startSimulator(options);
  process.stdout.write(`Simulator listening on ${sim.url} (control token: ${options.controlToken === undefined ? sim.controlToken : 'as given'})\n`);
  const stop = () => {
    void sim.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main().catch((error: unknown) => {
  process.stderr.write(`simulator: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
