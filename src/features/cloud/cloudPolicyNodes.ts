// A snapshot policy's row and its schedules' rows (with their next runs in the person's time zone).
import * as vscode from 'vscode';
import type { ConsoleResource } from '../../schema/consoleLinks';
import type { LifecyclePolicy } from '../../schema/cloud';
import type { CloudPlace, CloudTarget } from '../../ui/cloudTarget';
import { localTimeZone, scheduleName } from '../../ui/text/scheduleText';
import { MessageNode, TreeNode, spokenRow } from '../../ui/treeNodes';
import { CloudRow, adopt, placeKey, tooltip } from './cloudRows';
import { policyDescription, policyPaused, scheduleRow } from './model/cloudDisplay';

export class PolicyNode extends CloudRow {
  readonly cloudTarget: CloudTarget;
  constructor(
    readonly place: CloudPlace,
    readonly policy: LifecyclePolicy,
  ) {
    super();
    this.cloudTarget = { kind: 'policy', ...place, id: policy.id, name: policy.name || `policy ${policy.id}` };
  }
  /** Open in Console reads it. */
  get consoleResource(): ConsoleResource {
    return { kind: 'snapshotPolicy', projectId: this.place.projectId, regionId: this.place.regionId, name: this.policy.name || `policy ${this.policy.id}` };
  }
  getTreeItem(): vscode.TreeItem {
    const { policy } = this;
    const label = policy.name || `policy ${policy.id}`;
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `cloud:${placeKey(this.place)}:policy:${policy.id}`;
    item.description = policyDescription(policy);
    const paused = policyPaused(policy);
    item.iconPath = new vscode.ThemeIcon(paused ? 'debug-pause' : 'history', paused ? new vscode.ThemeColor('disabledForeground') : undefined);
    item.tooltip = tooltip(`Snapshot policy ${label}`, [
      ['ID', policy.id],
      ['Status', policy.status],
      ['Action', policy.action],
      ['Schedules', policy.schedules?.length ?? 0],
      ['Volumes', policy.volumes?.length ?? 0],
    ]);
    item.contextValue = `platformConsole.cloud.policy.${paused ? 'paused' : 'active'}`;
    item.accessibilityInformation = spokenRow(`Snapshot policy ${label}`, item.description);
    return item;
  }
  override getChildren(): TreeNode[] {
    const { policy } = this;
    const schedules = (policy.schedules ?? []).map((s) => new ScheduleNode(this.place, policy, s));
    const volumes = (policy.volumes ?? []).map(
      (v) =>
        new MessageNode(v.volume_name || v.volume_id || 'volume', 'database', {
          description: v.volume_name && v.volume_id ? v.volume_id : undefined,
          contextValue: 'platformConsole.cloud.volume',
        }),
    );
    const rows: TreeNode[] = [...schedules, ...volumes];
    if (schedules.length === 0) rows.unshift(new MessageNode('No schedules: no snapshots are made', 'info'));
    if (volumes.length === 0) rows.push(new MessageNode('No volumes attached', 'info'));
    return adopt(this, rows);
  }
}

type Schedule = NonNullable<LifecyclePolicy['schedules']>[number];

export class ScheduleNode extends CloudRow {
  readonly cloudTarget: CloudTarget | undefined;
  constructor(
    readonly place: CloudPlace,
    readonly policy: LifecyclePolicy,
    readonly schedule: Schedule,
  ) {
    super();
    this.cloudTarget = schedule.id
      ? { kind: 'schedule', ...place, id: schedule.id, policyId: policy.id, policyName: policy.name || `policy ${policy.id}` }
      : undefined;
  }
  getTreeItem(): vscode.TreeItem {
    const { schedule } = this;
    const zone = localTimeZone();
    const row = scheduleRow(schedule, new Date(), zone);
    const label = row.label;
    const item = new vscode.TreeItem(label);
    item.id = `cloud:${placeKey(this.place)}:policy:${this.policy.id}:schedule:${schedule.id ?? label}`;
    item.description = row.description || undefined;
    item.iconPath = new vscode.ThemeIcon(schedule.type === 'cron' ? 'calendar' : 'watch');
    item.tooltip = tooltip(`Schedule ${label}`, [
      ['Schedule', scheduleName(schedule)],
      [`Next runs (your time, ${zone})`, row.runs.join('; ')],
      ['ID', schedule.id],
      ['Name template', schedule.resource_name_template],
      ['Owner', schedule.owner],
    ]);
    item.contextValue = 'platformConsole.cloud.schedule';
    item.accessibilityInformation = spokenRow(`Schedule ${label}`, item.description);
    return item;
  }
}
