// Function Logs: "Open Function Logs…" and one following panel per function.
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { registerFunctionLogs, type FunctionLogsExports } from './functionLogsCommands';

export class LogsFeature extends Disposable {
  readonly exports: FunctionLogsExports;

  constructor(ctx: FeatureContext) {
    super();
    const logs = registerFunctionLogs({ ...ctx, memento: ctx.state });
    for (const d of logs.disposables) this._register(d);
    this.exports = logs.exports;
  }
}

export function activate(ctx: FeatureContext): LogsFeature {
  return new LogsFeature(ctx);
}
