// The manifest's main (dist/main.js): a loader, so the extension bundle (dist/extension.js) is
// compiled with V8's code cache kept in this extension's global storage (src/loader/codeCache.ts).
// It holds no feature code: it hands VS Code's context to the bundle's activate() and returns its answer.
import { join } from 'node:path';
import { loadBundle } from './loader/codeCache';

/** What the loader reads of VS Code's ExtensionContext (no vscode import: this file is plain Node). */
interface LoaderContext {
  globalStorageUri: { fsPath: string };
  subscriptions: { dispose(): unknown }[];
}

/** What the bundle exports (src/extension.ts); `loaderLog` hands it the loader's lines for its log. */
interface ExtensionBundle {
  activate(context: LoaderContext, seams: { loaderLog(write: (line: string) => void): void }): unknown;
  deactivate?(): unknown;
}

let bundle: ExtensionBundle | undefined;

export function activate(context: LoaderContext): unknown {
  // Lines before the extension's log exists wait for it.
  const waiting: string[] = [];
  let write: ((line: string) => void) | undefined;
  const loaded = loadBundle({
    bundle: join(__dirname, 'extension.js'),
    cacheDir: join(context.globalStorageUri.fsPath, 'codeCache'),
    log: (line) => (write ? write(line) : waiting.push(line)),
  });
  context.subscriptions.push(loaded);
  bundle = loaded.exports as unknown as ExtensionBundle;
  return bundle.activate(context, {
    loaderLog: (writer) => {
      write = writer;
      for (const line of waiting.splice(0)) writer(line);
    },
  });
}

export function deactivate(): unknown {
  return bundle?.deactivate?.();
}

export { loadBundle } from './loader/codeCache';
