// Snapshot schedules: "Add Snapshot Schedules…", "Edit Schedules as JSON…", "Submit to Policy…";
// a policy paused, resumed, renamed or deleted, and a schedule removed.
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { registerPolicyCommands } from './policyCommands';
import { registerScheduleCommands } from './scheduleCommands';

export class SchedulesFeature extends Disposable {
  constructor(ctx: FeatureContext) {
    super();
    for (const d of registerScheduleCommands(ctx)) this._register(d);
    for (const d of registerPolicyCommands(ctx)) this._register(d);
  }
}

export function activate(ctx: FeatureContext): SchedulesFeature {
  return new SchedulesFeature(ctx);
}
