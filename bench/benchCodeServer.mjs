// The code-server a benchmark measures in: the built extension installed, signed in to the
// simulator through the environment (connection "bench"), with the bench's own environment
// variables (its PLATFORM_CONSOLE_*_FILE, knobs) and user settings added.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startCodeServer } from '../scripts/harness/codeServer.mjs';
import { freePort } from '../scripts/harness/common.mjs';

export async function benchCodeServer({ paths, label, simulatorUrl, apiKey, env = {}, settings, logFile }) {
  const codeServer = await startCodeServer({
    paths,
    label,
    port: await freePort(),
    env: {
      ...process.env,
      PLATFORM_CONSOLE_BASE_URL: simulatorUrl,
      PLATFORM_CONSOLE_API_KEY: apiKey,
      PLATFORM_CONSOLE_CONNECTION_NAME: 'bench',
      ...env,
    },
    logFile,
  });
  if (settings) {
    const settingsFile = path.join(codeServer.dir('user-data/User'), 'settings.json');
    const current = JSON.parse(await readFile(settingsFile, 'utf8'));
    await writeFile(settingsFile, JSON.stringify({ ...current, ...settings }, null, 2));
  }
  return codeServer;
}
