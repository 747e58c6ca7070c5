// Mocha entry run inside the VS Code extension host (the payload's `extensionTestsPath`).
// The workbench awaits `run()`: resolved means success, rejected means failure.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import Mocha from 'mocha';
import { print, RESULT_MARKER } from './output';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, reporter: 'spec', timeout: 20_000 });
  // The reporters write through Base.consoleLog: route it to the harness's stdout.
  Mocha.reporters.Base.consoleLog = print;
  // The build puts every test/integration/*.test.ts beside this file as *.test.js.
  // PLATFORM_CONSOLE_TEST_FILTER=faultMatrix,pricing (inherited through the server) runs only
  // the files whose name contains one of them.
  const only = (process.env.PLATFORM_CONSOLE_TEST_FILTER ?? '').split(',').filter(Boolean);
  const files = readdirSync(__dirname).filter((name) => name.endsWith('.test.js') && (only.length === 0 || only.some((o) => name.includes(o))));
  for (const file of files.sort()) {
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
