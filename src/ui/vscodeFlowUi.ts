// FlowUi on VS Code's InputBox and QuickPick: Back button, step counter, validation as you type
// (newest result wins) and a busy box while a slower check runs on Enter.
import * as vscode from 'vscode';
import {
  BACK,
  CANCEL,
  validationMessage,
  type Back,
  type Cancel,
  type FlowUi,
  type InputPrompt,
  type NotifySeverity,
  type PickItem,
  type PickPrompt,
  type SearchPrompt,
  type Validation,
} from './flowUi';

/** A server search waits this long after the last keystroke (one request per pause, not per key). */
const SEARCH_PAUSE_MS = 250;

function toInputValidation(result: Validation): string | vscode.InputBoxValidationMessage | undefined {
  if (result === undefined) return undefined;
  if (typeof result === 'string') return { message: result, severity: vscode.InputBoxValidationSeverity.Error };
  if ('warning' in result) return { message: result.warning, severity: vscode.InputBoxValidationSeverity.Warning };
  return { message: result.info, severity: vscode.InputBoxValidationSeverity.Info };
}

export class VscodeFlowUi implements FlowUi {
  input(prompt: InputPrompt): Promise<string | Back | Cancel> {
    return new Promise((resolve) => {
      const box = vscode.window.createInputBox();
      const disposables: vscode.Disposable[] = [box];
      box.title = prompt.title;
      box.step = prompt.step;
      box.totalSteps = prompt.totalSteps;
      box.prompt = prompt.prompt;
      box.placeholder = prompt.placeholder;
      box.value = prompt.value ?? '';
      box.password = prompt.password ?? false;
      box.ignoreFocusOut = true;
      const browseButton: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('folder-opened'), tooltip: 'Browse…' };
      box.buttons = [...(prompt.canGoBack ? [vscode.QuickInputButtons.Back] : []), ...(prompt.browse ? [browseButton] : [])];
      let generation = 0;
      let browsing = false;
      let settled = false;
      const finish = (result: string | Back | Cancel) => {
        if (settled) return;
        settled = true;
        for (const d of disposables) d.dispose();
        resolve(result);
      };
      const validate = async (value: string) => {
        const mine = ++generation;
        const result = prompt.validate ? await prompt.validate(value) : undefined;
        if (mine !== generation) return; // a newer keystroke already replaced this check
        box.validationMessage = toInputValidation(result);
      };
      disposables.push(
        box.onDidChangeValue((v) => void validate(v)),
        box.onDidTriggerButton(async (b) => {
          if (b === vscode.QuickInputButtons.Back) return finish(BACK);
          if (b === browseButton && prompt.browse) {
            browsing = true;
            const chosen = await vscode.window.showOpenDialog({ title: prompt.browse.title, canSelectMany: false, filters: prompt.browse.filters });
            browsing = false;
            box.show();
            if (chosen?.[0]) {
              box.value = chosen[0].fsPath;
              void validate(box.value);
            }
          }
        }),
        // The open dialog hides the box for a moment: that is not an Escape.
        box.onDidHide(() => !browsing && finish(CANCEL)),
        box.onDidAccept(async () => {
          const value = box.value;
          // The value Enter was pressed on is checked on its own: a keystroke that arrived with the
          // Enter (one batch from the workbench) must not decide for it (#53: a refused name accepted).
          const result = prompt.validate ? await prompt.validate(value) : undefined;
          if (validationMessage(result) !== undefined) {
            if (box.value === value) box.validationMessage = toInputValidation(result);
            return;
          }
          if (prompt.validateOnAccept) {
            box.busy = true;
            box.enabled = false;
            const message = await prompt.validateOnAccept(value).catch((e: unknown) => (e instanceof Error ? e.message : String(e)));
            if (settled) return;
            box.busy = false;
            box.enabled = true;
            if (message) {
              box.validationMessage = { message, severity: vscode.InputBoxValidationSeverity.Error };
              return;
            }
          }
          finish(value);
        }),
      );
      // An untouched empty box stays quiet (a message would hide its prompt); Enter still checks.
      if (box.value) void validate(box.value);
      box.show();
    });
  }

  pick<T>(prompt: PickPrompt<T>): Promise<T | Back | Cancel> {
    return this.quickPick(prompt, false).then((r) => (Array.isArray(r) ? (r[0] as T) : r));
  }

  pickMany<T>(prompt: PickPrompt<T>): Promise<T[] | Back | Cancel> {
    return this.quickPick(prompt, true);
  }

  private quickPick<T>(prompt: PickPrompt<T>, many: boolean): Promise<T[] | Back | Cancel> {
    return new Promise((resolve) => {
      type Item = vscode.QuickPickItem & { value: T };
      const qp = vscode.window.createQuickPick<Item>();
      const disposables: vscode.Disposable[] = [qp];
      const toItem = (i: PickItem<T>): Item => ({ label: i.label, description: i.description, detail: i.detail, value: i.value });
      let items: Item[] = prompt.items.map(toItem);
      qp.title = prompt.title;
      qp.step = prompt.step;
      qp.totalSteps = prompt.totalSteps;
      qp.placeholder = prompt.placeholder;
      qp.canSelectMany = many;
      qp.matchOnDescription = true;
      qp.matchOnDetail = true;
      qp.ignoreFocusOut = true;
      qp.items = items;
      qp.buttons = prompt.canGoBack ? [vscode.QuickInputButtons.Back] : [];
      if (many) qp.selectedItems = items.filter((_, i) => prompt.items[i]?.picked);
      else {
        const active = items.find((i) => Object.is(i.value, prompt.activeValue));
        if (active) qp.activeItems = [active];
      }
      let settled = false;
      const finish = (result: T[] | Back | Cancel) => {
        if (settled) return;
        settled = true;
        for (const d of disposables) d.dispose();
        resolve(result);
      };
      disposables.push(
        qp.onDidTriggerButton((b) => b === vscode.QuickInputButtons.Back && finish(BACK)),
        qp.onDidHide(() => finish(CANCEL)),
        qp.onDidAccept(() => {
          const chosen = many ? qp.selectedItems : qp.activeItems.slice(0, 1);
          if (!many && chosen.length === 0) return;
          finish(chosen.map((i) => i.value));
        }),
      );
      if (prompt.itemsLater) {
        qp.busy = true;
        void prompt.itemsLater.then((later) => {
          if (settled) return;
          const auto = later.find((i) => i.autoAccept);
          if (auto) return finish([auto.value]);
          const typed = qp.value;
          items = [...items, ...later.map(toItem)];
          qp.items = items;
          qp.value = typed;
          const active = items.find((i) => Object.is(i.value, prompt.activeValue));
          if (active && !many) qp.activeItems = [active];
          qp.busy = false;
        });
      }
      qp.show();
    });
  }

  search<T>(prompt: SearchPrompt<T>): Promise<T | Cancel> {
    return new Promise((resolve) => {
      type Item = vscode.QuickPickItem & { value: T };
      const qp = vscode.window.createQuickPick<Item>();
      qp.title = prompt.title;
      qp.placeholder = prompt.placeholder;
      qp.matchOnDescription = true;
      qp.matchOnDetail = true;
      let run: AbortController | undefined;
      let timer: NodeJS.Timeout | undefined;
      let settled = false;
      const finish = (result: T | Cancel) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        run?.abort();
        qp.dispose();
        resolve(result);
      };
      const start = (text: string) => {
        run?.abort();
        const controller = (run = new AbortController());
        qp.busy = true;
        void (async () => {
          try {
            for await (const found of prompt.find(text, controller.signal)) {
              if (controller.signal.aborted) return;
              // Found by the server for what is typed: shown even where VS Code's own match would hide it.
              qp.items = found.items.map((i) => ({ label: i.label, description: i.description, detail: i.detail, value: i.value, alwaysShow: prompt.server }));
              qp.title = found.message ? `${prompt.title} (${found.message})` : prompt.title;
              if (found.error !== undefined) prompt.failed?.(found.error);
            }
          } catch (error) {
            if (!controller.signal.aborted) prompt.failed?.(error);
          } finally {
            if (run === controller) qp.busy = false;
          }
        })();
      };
      qp.onDidHide(() => finish(CANCEL));
      qp.onDidAccept(() => {
        const chosen = qp.activeItems[0];
        if (chosen) finish(chosen.value);
      });
      if (prompt.server)
        qp.onDidChangeValue((text) => {
          clearTimeout(timer);
          timer = setTimeout(() => start(text), SEARCH_PAUSE_MS);
        });
      start('');
      qp.show();
    });
  }

  async confirm(message: string, detail: string, buttons: readonly string[]): Promise<string | undefined> {
    return vscode.window.showWarningMessage(message, { modal: true, detail }, ...buttons);
  }

  progress<T>(title: string, cancellable: boolean, work: (report: (message: string) => void, signal: AbortSignal) => Promise<T>): Promise<T> {
    return Promise.resolve(
      vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable }, async (progress, token) => {
        const controller = new AbortController();
        const sub = token.onCancellationRequested(() => controller.abort());
        try {
          return await work((message) => progress.report({ message }), controller.signal);
        } finally {
          sub.dispose();
        }
      }),
    );
  }

  async notify(severity: NotifySeverity, message: string, actions: readonly string[] = []): Promise<string | undefined> {
    const show =
      severity === 'error' ? vscode.window.showErrorMessage : severity === 'warning' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    return show(message, ...actions);
  }
}
