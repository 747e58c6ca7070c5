// "Save Report As…": a completed task's result streamed to a file in the format asked (CSV, Excel,
// JSON), on the connection the task belongs to, under a cancellable progress notification; the
// bytes go through a temporary file beside the chosen one, renamed only once whole.
import { lstat } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import type { FeatureContext } from '../../ui/featureContext';
import { notifyError } from '../../ui/notify';
import { runWizard, type WizardStep } from '../../ui/wizard';
import { PlatformError } from '../../schema/errors';
import { endpoints } from '../../schema/endpoints';
import { REPORT_MEDIA_TYPES, type ReportFormat } from '../../schema/reportResult';
import { FORMAT_CHOICES, downloadProgressText, formatBytes, formatChoice, knownFormat, proposedFileName, withExtension } from './model/reportFiles';
import { reportLabel, shortUuid, statusText, type TrackedReport } from './model/reportTasks';
import { writeBodyToFile } from './reportFileWriter';
import { countingFormulaCells, formulaCellsNote } from './model/reportFormulaCells';
import { isCompleted, taskConnection, taskFromArgument, taskPickStep, type TaskCommandDeps, type TaskTarget } from './reportTaskTarget';

const FORMAT_KEY = 'platformConsole.reportSave.format';
const FOLDER_KEY = 'platformConsole.reportSave.folder';
/** Progress text at most this often: a fast download would otherwise flood the notification. */
const PROGRESS_EVERY_MS = 250;

/** Answers the save dialog instead of VS Code's own (undefined: VS Code's dialog). */
export type SaveLocationAnswer = (defaultUri: vscode.Uri, format: ReportFormat) => Promise<vscode.Uri | undefined>;

export interface SaveReportDeps extends TaskCommandDeps, Pick<FeatureContext, 'log' | 'state' | 'registerBoundCommand'> {}

interface SaveState {
  task?: TrackedReport;
  format?: ReportFormat;
}

class SaveCancelled extends Error {}

export function registerSaveReport(deps: SaveReportDeps): { disposable: vscode.Disposable; setSaveLocation: (answer: SaveLocationAnswer | undefined) => void } {
  const { log } = deps;
  let saveAnswer: SaveLocationAnswer | undefined;

  const saveLocation = (defaultUri: vscode.Uri, format: ReportFormat): Promise<vscode.Uri | undefined> => {
    if (saveAnswer) return saveAnswer(defaultUri, format);
    const choice = formatChoice(format);
    return Promise.resolve(
      vscode.window.showSaveDialog({ defaultUri, title: 'Save Report As', saveLabel: 'Save', filters: { [choice.filterName]: [choice.extension] } }),
    );
  };

  const defaultFolder = (): string => {
    const last = deps.state.get<string>(FOLDER_KEY);
    if (typeof last === 'string' && last) return last;
    return vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file')?.uri.fsPath ?? os.homedir();
  };

  /**
   * The task's answer, read when nothing is known of it yet (a typed UUID) or what is known says it is
   * not finished (a listing or a poll from before it completed): its status, template and dates.
   */
  const known = async (bound: BoundConnection, task: TrackedReport): Promise<TrackedReport | undefined> => {
    if (task.snapshot && isCompleted(task)) return task;
    try {
      const snapshot = await deps
        .ui()
        .progress(`Reading report task ${shortUuid(task.uuid)} from ${bound.connection.name}…`, false, () =>
          bound.api.billing.getReport({ params: { id: task.uuid } }, { signal: bound.signal }),
        );
      return { ...task, snapshot };
    } catch (error) {
      await notifyError(`Could not read report task ${task.uuid} from ${bound.connection.name}`, error, {
        log,
        ui: deps.ui(),
        connectionName: bound.connection.name,
      });
      return undefined;
    }
  };

  const download = async (bound: BoundConnection, task: TrackedReport, format: ReportFormat, target: vscode.Uri): Promise<void> => {
    const ui = deps.ui();
    const { connection } = bound;
    const label = reportLabel(task);
    const what = `report ${label} (${shortUuid(task.uuid)}) as ${formatChoice(format).label}`;
    let result: { bytes: number };
    let formulaCells = 0;
    const started = Date.now();
    try {
      result = await ui.progress(`Saving ${what} from ${connection.name}`, true, async (report, signal) => {
        try {
          report('connecting…');
          const opened = await bound.api.http.openStream(
            endpoints.downloadReport,
            { params: { uuid: task.uuid }, query: { format } },
            { accept: REPORT_MEDIA_TYPES[format], signal },
          );
          let shownAt = 0;
          // A CSV is written as served; its formula-like cells are only counted on the way, to be told.
          const body = format === 'csv' ? countingFormulaCells(opened.body, (n) => (formulaCells = n)) : opened.body;
          return await writeBodyToFile(body, target.fsPath, {
            signal,
            onBytes: (bytes) => {
              const now = Date.now();
              if (now - shownAt < PROGRESS_EVERY_MS) return;
              shownAt = now;
              report(downloadProgressText(bytes, opened.declaredBytes));
            },
          });
        } catch (error) {
          // The person's Cancel (not Sign Out, which says so below).
          if (signal.aborted) throw new SaveCancelled();
          throw error;
        }
      });
    } catch (error) {
      if (error instanceof SaveCancelled) {
        log.info(`Saving ${what} from ${connection.name} cancelled: no file written`);
        void ui.notify('info', `Saving ${what} was cancelled: no file was written.`);
        return;
      }
      const rendered = error instanceof PlatformError && error.status === 400;
      const choice = await notifyError(`Could not save ${what}`, error, {
        log,
        ui,
        connectionName: connection.name,
        // A failed render fails again; any other fault may pass: Retry keeps the format and the file.
        actions: rendered ? [] : ['Retry'],
        signInAgain: () => vscode.commands.executeCommand('platformConsole.signIn', { name: connection.name, baseUrl: connection.baseUrl }),
      });
      if (choice === 'Retry') return download(bound, task, format, target);
      return;
    }
    const ms = Math.max(1, Date.now() - started);
    log.info(`Saved ${what} from ${connection.name} to ${target.fsPath}: ${result.bytes} bytes in ${ms} ms (${formatBytes((result.bytes / ms) * 1000)}/s)`);
    const note = formulaCellsNote(formulaCells);
    if (note) log.info(`Saved ${what}: ${note}`);
    const choice = await ui.notify('info', `Saved ${what} to ${target.fsPath} (${formatBytes(result.bytes)}).${note ? ` ${note}` : ''}`, [
      'Open File',
      'Reveal',
    ]);
    if (choice === 'Open File') await openSaved(target, format);
    if (choice === 'Reveal') await revealSaved(target);
  };

  const save = async (bound: BoundConnection, start: TaskTarget | undefined): Promise<vscode.Uri | undefined> => {
    const ui = deps.ui();
    const { connection } = bound;
    const title = `Save Report As (${connection.name})`;
    const last = knownFormat(deps.state.get(FORMAT_KEY));
    const steps: WizardStep<SaveState>[] = [
      taskPickStep<SaveState>({
        noun: 'completed report task',
        offer: isCompleted,
        tree: deps.tree,
        logError: (error) => log.error('Could not load the report tasks', error),
      }),
      {
        id: 'format',
        prompt: async (s, ctx) => {
          s.format = await ctx.pick<ReportFormat>({
            placeholder: `Save ${s.task ? reportLabel(s.task) : 'the report'} as`,
            items: FORMAT_CHOICES.map((c) => ({ label: c.label, description: c.description, value: c.format })),
            activeValue: s.format ?? last,
          });
        },
      },
    ];
    const done = await runWizard<SaveState>({ task: start?.task }, { title, steps, ui });
    if (!done?.task || !done.format) return undefined;
    const task = await known(bound, done.task);
    if (!task) return undefined;
    if (!isCompleted(task)) {
      await ui.notify(
        'warning',
        `Report ${reportLabel(task)} (${shortUuid(task.uuid)}) is ${statusText(task)} on ${connection.name}: only a Completed report has a result to save.`,
      );
      return undefined;
    }
    const format = done.format;
    await deps.state.update(FORMAT_KEY, format);
    const snapshot = task.snapshot;
    const name = proposedFileName(
      { template: reportLabel(task), parameters: snapshot?.parameters, period: snapshot?.processing_notes?.period, createdAt: snapshot?.created_at },
      format,
    );
    const chosen = await saveLocation(vscode.Uri.file(path.join(defaultFolder(), name)), format);
    log.info(`Save Report As (${connection.name}): ${chosen ? `file chosen: ${chosen.toString()}` : 'no file chosen'}`);
    if (!chosen) return undefined;
    if (chosen.scheme !== 'file') {
      await ui.notify('error', `Reports are saved to local files; ${chosen.toString()} is not one.`);
      return undefined;
    }
    const target = vscode.Uri.file(path.join(path.dirname(chosen.fsPath), withExtension(path.basename(chosen.fsPath), format)));
    // The dialog asked about the name it was given; an extension added here names another file.
    if (
      target.fsPath !== chosen.fsPath &&
      (await lstat(target.fsPath).then(
        () => true,
        () => false,
      ))
    ) {
      const name = path.basename(target.fsPath);
      const detail = `${name} already exists in ${path.dirname(target.fsPath)} (the ${formatChoice(format).label} extension was added to the name chosen). Replacing it overwrites it once the report is whole.`;
      if ((await ui.confirm(`Replace ${name}?`, detail, ['Replace'])) !== 'Replace') {
        log.info(`Save Report As (${connection.name}): ${target.fsPath} exists and was not replaced; nothing written`);
        return undefined;
      }
    }
    await deps.state.update(FOLDER_KEY, path.dirname(target.fsPath));
    await download(bound, task, format, target);
    return target;
  };

  // The task's own connection, to the last byte: its Sign Out stops the download.
  const command = deps.registerBoundCommand(
    'platformConsole.saveReportAs',
    async (bound, arg) => {
      const given = taskFromArgument(arg, deps);
      try {
        return await save(bound, given);
      } catch (error) {
        await notifyError('Could not save the report', error, { log, ui: deps.ui(), connectionName: bound.connection.name });
        return undefined;
      }
    },
    { connection: taskConnection(deps) },
  );
  return { disposable: command, setSaveLocation: (answer) => (saveAnswer = answer) };
}

async function openSaved(target: vscode.Uri, format: ReportFormat): Promise<void> {
  if (format === 'xlsx') {
    await vscode.env.openExternal(target);
    return;
  }
  await vscode.window.showTextDocument(target, { preview: false });
}

/** The OS file manager where there is one; code-server has no such command: the Explorer then. */
async function revealSaved(target: vscode.Uri): Promise<void> {
  const commands = await vscode.commands.getCommands(true);
  if (commands.includes('revealFileInOS')) await vscode.commands.executeCommand('revealFileInOS', target);
  else await vscode.commands.executeCommand('revealInExplorer', target);
}
