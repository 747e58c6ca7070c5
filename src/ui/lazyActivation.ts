// The extension's start-up bundle (extension.ts) stands in for the rest until the person uses it:
// VS Code activates the extension once the window has started (onStartupFinished), which costs
// only this, and every way in (a contributed command, one of the views, a panel brought back
// after a reload) gets a stand-in that loads the real extension (main.ts, dist/main.js), hands
// over, and gets out of the way:
// - a command runs again once the real one is registered, with the same arguments (only those
//   that can be reached before the load: standInCommands.ts);
// - a view's stand-in is closed and the real tree view takes its place;
// - a restored panel is handed to the real serializer.
// - a language model tool called by the chat agent is prepared and run by the real one.
// The stand-ins are made from package.json (commands, views, tools, onWebviewPanel activation events),
// so a new contribution cannot be forgotten here.
import * as vscode from 'vscode';
import { commandsNeedingStandIns, type CommandContributions } from './standInCommands';
import type { EnvironmentKey } from '../connections/environmentKey';
import { startEarlyReads, type EarlyReads } from '../connections/storedConnections';

/** What the start-up bundle needs of the real extension's module. */
export interface ExtensionMain<E> {
  activate(context: vscode.ExtensionContext, early?: EarlyReads): Promise<E>;
  /** Brings back a panel VS Code restored (its saved state as VS Code handed it over). */
  revivePanel(viewType: string, panel: vscode.WebviewPanel, state: unknown): Promise<void>;
  /** A language model tool as the real extension registered it. */
  languageModelTool(name: string): vscode.LanguageModelTool<Record<string, unknown>> | undefined;
}

interface Contributions extends CommandContributions {
  activationEvents?: string[];
  contributes?: CommandContributions['contributes'] & { views?: Record<string, { id: string }[]>; languageModelTools?: { name: string }[] };
}

export class LazyExtension<E> {
  private stubs: vscode.Disposable[] = [];
  private main: ExtensionMain<E> | undefined;
  private loading: Promise<E> | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly loadMain: () => ExtensionMain<E>,
    /** The key the environment handed over, held here until the extension stores it. */
    private readonly environmentKey?: EnvironmentKey,
  ) {}

  /** Loads and activates the real extension (once); the stand-ins are gone before it registers. */
  load(): Promise<E> {
    return (this.loading ??= this.activateMain());
  }

  /**
   * Registers the stand-ins; `signedIn` is what the menus' `when` clauses see meanwhile. `step`
   * is told when each kind is done (the activation bench shows what cost what).
   */
  standBy(signedIn: boolean, step: (name: string) => void = () => {}): void {
    void vscode.commands.executeCommand('setContext', 'platformConsole.signedIn', signedIn);
    const manifest = this.context.extension.packageJSON as Contributions;
    step('the context key');
    for (const command of commandsNeedingStandIns(manifest)) {
      this.stubs.push(
        vscode.commands.registerCommand(command, async (...args: unknown[]) => {
          await this.load();
          return vscode.commands.executeCommand(command, ...args);
        }),
      );
    }
    step('commands');
    for (const views of Object.values(manifest.contributes?.views ?? {})) {
      for (const { id } of views) {
        const provider: vscode.TreeDataProvider<never> = {
          getTreeItem: (element) => element,
          // The view shows its progress bar meanwhile; the real view replaces this one.
          getChildren: async () => {
            await this.load();
            return [];
          },
        };
        this.stubs.push(vscode.window.createTreeView(id, { treeDataProvider: provider }));
      }
    }
    step('views');
    for (const { name } of manifest.contributes?.languageModelTools ?? []) {
      // A tool called before the load: the real one prepares and runs it (one confirmation, not two).
      const real = async () => {
        await this.load();
        const tool = this.main?.languageModelTool(name);
        if (!tool) throw new Error(`Platform Console has no tool ${name}`);
        return tool;
      };
      this.stubs.push(
        vscode.lm.registerTool<Record<string, unknown>>(name, {
          prepareInvocation: async (options, token) => (await real()).prepareInvocation?.(options, token),
          invoke: async (options, token) => (await real()).invoke(options, token),
        }),
      );
    }
    step('language model tools');
    for (const event of manifest.activationEvents ?? []) {
      const viewType = /^onWebviewPanel:(.+)$/.exec(event)?.[1];
      if (!viewType) continue;
      this.stubs.push(
        vscode.window.registerWebviewPanelSerializer(viewType, {
          deserializeWebviewPanel: async (panel, state: unknown) => {
            await this.load();
            await this.main?.revivePanel(viewType, panel, state);
          },
        }),
      );
    }
    step('panel serializers');
  }

  private async activateMain(): Promise<E> {
    for (const stub of this.stubs.splice(0)) stub.dispose();
    // The reads activation waits for leave first and travel while the bundle is evaluated: the
    // extension host sends its messages to the workbench on a timer, which must run before the
    // evaluation holds the thread (a 0 ms timer set after theirs runs after it).
    const early = { ...startEarlyReads(this.context.globalState, this.context.secrets), environmentKey: this.environmentKey };
    await new Promise((resolve) => setTimeout(resolve, 0));
    const main = this.loadMain();
    this.main = main;
    return main.activate(this.context, early);
  }
}
