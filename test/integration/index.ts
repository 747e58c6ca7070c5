// Mocha entry run inside the VS Code extension host (the payload's `extensionTestsPath`).
// The workbench awaits `run()`: resolved means success, rejected means failure.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import Mocha from 'mocha';
import { ORDER_VARIABLE, orderFiles, parseOrder } from '../../scripts/harness/fileOrder.mjs';
import { watchForKeys, witness } from '../support/keyWitness';
import testKeys from '../support/testKeys.json';
import { print, RESULT_MARKER } from './output';
import { platformConsole } from './support/extension';
import { firstUseByToolCall } from './support/firstUse';
import { leftovers, resetState, takeBaseline } from './support/isolation';

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
  const asText = (_: string, value: unknown) =>
    value instanceof Uint8Array ? new TextDecoder().decode(value) : ArrayBuffer.isView(value) ? '(numbers)' : value;
  ext.onWebviewTraffic((t) =>
    'html' in t ? witness('webview html', t.title, t.html) : witness('webview message', t.title, JSON.stringify(t.message, asText)),
  );

  const mocha = new Mocha({ ui: 'bdd', color: false, reporter: 'spec', timeout: 20_000 });
  // The reporters write through Base.consoleLog: route it to the harness's stdout.
  Mocha.reporters.Base.consoleLog = print;
  // The build puts every test/integration/*.test.ts beside this file as *.test.js.
  // PLATFORM_CONSOLE_TEST_FILTER=faultMatrix,pricing (inherited through the server) runs only
  // the files whose name contains one of them; PLATFORM_CONSOLE_TEST_ORDER=reverse, shuffle or
  // shuffle:<seed> changes their order (scripts/harness/fileOrder.mjs), the key scan still last.
  const only = (process.env.PLATFORM_CONSOLE_TEST_FILTER ?? '').split(',').filter(Boolean);
  const found = readdirSync(__dirname).filter((name) => name.endsWith('.test.js') && (only.length === 0 || only.some((o) => name.includes(o))));
  let order: ReturnType<typeof parseOrder>;
  try {
    order = parseOrder(process.env[ORDER_VARIABLE]);
  } catch (error) {
    // Said where the person running the tests reads it, not only in the workbench's log.
    print(`[order] ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
  const { files, description } = orderFiles(found, order, [KEY_LEAK_SCAN]);
  print(`[order] ${description}`);
  for (const file of files) mocha.addFile(path.join(__dirname, file));
  await mocha.loadFilesAsync();
  isolateFiles(mocha.suite, ext);
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      print(`${RESULT_MARKER}${JSON.stringify({ passed: runner.stats?.passes ?? 0, failed: failures })}`);
      if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
      else resolve();
    });
  });
}

/**
 * Puts each file's top-level suites under a suite named after the file: its "before all" resets
 * what every file starts from, its "after all" fails the run naming what the file left behind
 * (support/isolation.ts). Moved by hand, not with addSuite, which would reset their timeouts.
 */
function isolateFiles(root: Mocha.Suite, ext: Awaited<ReturnType<typeof platformConsole>>): void {
  const baseline = takeBaseline();
  const byFile = new Map<string, Mocha.Suite[]>();
  for (const suite of root.suites) byFile.set(suite.file ?? '?', [...(byFile.get(suite.file ?? '?') ?? []), suite]);
  root.suites = [];
  for (const [file, suites] of byFile) {
    const name = path.basename(file);
    const wrapper = Mocha.Suite.create(root, name);
    wrapper.file = file;
    for (const suite of suites) {
      suite.parent = wrapper;
      wrapper.suites.push(suite);
    }
    wrapper.beforeAll('the state every file starts from', () => resetState(ext, baseline));
    wrapper.afterAll('nothing left behind', async () => {
      const left = await leftovers(ext, baseline);
      if (left.length > 0) throw new Error(`${name} left behind:\n  ${left.join('\n  ')}`);
    });
  }
}
