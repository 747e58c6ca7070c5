// Mocha entry run inside the VS Code extension host (the payload's `extensionTestsPath`).
// The workbench awaits `run()`: resolved means success, rejected means failure.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import Mocha from 'mocha';
import { watchForKeys, witness } from '../support/keyWitness';
import testKeys from '../support/testKeys.json';
import { print, RESULT_MARKER } from './output';
import { platformConsole } from './support/extension';
import { firstUseByToolCall } from './support/firstUse';

/** Runs last: it checks what the whole run showed. */
const KEY_LEAK_SCAN = 'keyLeak.test.js';

export async function run(): Promise<void> {
  // From here on, everything shown through the scripted UI and everything sent into a webview is
  // checked for the keys of the run (keyLeak.test.ts reads the result).
  // The key of the environment sign-in among them (`environment`: the harness hands it over in a file).
  watchForKeys(Object.values(testKeys));
  // Nothing has used the extension yet: a tool call is its first use (activation.test.ts checks).
  await firstUseByToolCall();
  const ext = await platformConsole();
  // Packed log lines (typed arrays) are read as their text: a key in them is found like anywhere else.
  const asText = (_: string, value: unknown) => (value instanceof Uint8Array ? new TextDecoder().decode(value) : ArrayBuffer.isView(value) ? '(numbers)' : value);
  ext.onWebviewTraffic((t) => ('html' in t ? witness('webview html', t.title, t.html) : witness('webview message', t.title, JSON.stringify(t.message, asText))));

  const mocha = new Mocha({ ui: 'bdd', color: false, reporter: 'spec', timeout: 20_000 });
  // The reporters write through Base.consoleLog: route it to the harness's stdout.
  Mocha.reporters.Base.consoleLog = print;
  // The build puts every test/integration/*.test.ts beside this file as *.test.js.
  // PLATFORM_CONSOLE_TEST_FILTER=faultMatrix,pricing (inherited through the server) runs only
  // the files whose name contains one of them.
  const only = (process.env.PLATFORM_CONSOLE_TEST_FILTER ?? '').split(',').filter(Boolean);
  const files = readdirSync(__dirname).filter((name) => name.endsWith('.test.js') && (only.length === 0 || only.some((o) => name.includes(o))));
  for (const file of files.sort((a, b) => Number(a === KEY_LEAK_SCAN) - Number(b === KEY_LEAK_SCAN) || a.localeCompare(b))) {
    mocha.addFile(path.join(__dirname, file));
  }
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      print(`${RESULT_MARKER}${JSON.stringify({ passed: runner.stats?.passes ?? 0, failed: failures })}`);
      if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
      else resolve();
    });
  });
}
