// Logs: "Open Function Logs…" and "Open App Logs…" (an edge app's), one following panel per function or app.
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { registerFunctionLogs, type FunctionLogsExports } from './functionLogsCommands';
import { registerEdgeAppLogsCommand } from './edgeAppLogsCommand';
import type { LogsPanelWatch } from './logsPanelWatch';

export { LogsPanelWatch } from './logsPanelWatch';

export class LogsFeature extends Disposable {
  readonly exports: FunctionLogsExports;

  /** `logsWatch`: what the pages are sent, for the tests (the composition root hands it in under them only). */
  constructor(ctx: FeatureContext, logsWatch?: LogsPanelWatch) {
    super();
    const logs = registerFunctionLogs({ ...ctx, memento: ctx.state, logsWatch });
    for (const d of logs.disposables) this._register(d);
    this._register(registerEdgeAppLogsCommand({ registerBoundCommand: ctx.registerBoundCommand, log: ctx.log, ui: ctx.ui, logs: logs.exports }));
    this.exports = logs.exports;
  }
}

export function activate(ctx: FeatureContext, logsWatch?: LogsPanelWatch): LogsFeature {
  return new LogsFeature(ctx, logsWatch);
}
