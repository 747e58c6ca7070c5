// The operation catalog: every write described once (#54). Each family moves here from its command
// and its agent tool in one go; the writes not yet here still live in their command and tool.
import { disableFunction, enableFunction } from './cloudFunctions';
import { createNotificationSetting, updateNotificationSetting } from './notificationSettings';
import type { Operation } from './operation';
import { deleteNotificationSetting, deleteReportTask, disableFreeFeature } from './removals';
import { createReport } from './reports';
import { deleteSnapshotPolicy, pauseSnapshotPolicy, renameSnapshotPolicy, resumeSnapshotPolicy } from './snapshotPolicies';
import { addSchedules, editSnapshotSchedule, removeSnapshotSchedule } from './snapshotSchedules';

export const OPERATIONS: readonly Operation[] = [
  deleteReportTask,
  disableFreeFeature,
  deleteNotificationSetting,
  pauseSnapshotPolicy,
  resumeSnapshotPolicy,
  renameSnapshotPolicy,
  deleteSnapshotPolicy,
  disableFunction,
  enableFunction,
  editSnapshotSchedule,
  removeSnapshotSchedule,
  createNotificationSetting,
  updateNotificationSetting,
  createReport,
  addSchedules,
] as readonly Operation[];
