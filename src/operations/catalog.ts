// The operation catalog: every write described once (#54). Each family moves here from its command
// and its agent tool in one go; the writes not yet here still live in their command and tool.
import { createAgentToken, revokeAgentToken } from './agentTokens';
import { disableFunction, enableFunction } from './cloudFunctions';
import { setEdgeAppConfig } from './edgeAppConfig';
import { deleteEdgeApp, disableEdgeApp, enableEdgeApp, startEdgeAppDebug } from './edgeApps';
import { createEdgeApp } from './edgeCreate';
import { deleteEdgeBinary, deployEdgeApp, rollBackEdgeApp } from './edgeDeploy';
import { createEdgeSecret, deleteEdgeSecret, replaceEdgeSecretValue } from './edgeSecrets';
import { deleteEdgeKvKey, putEdgeKvKey } from './edgeKv';
import { createSecret, deleteCloudSecret } from './cloudSecrets';
import { createNotificationSetting, updateNotificationSetting } from './notificationSettings';
import type { Operation } from './operation';
import { createProtectionProfile, deleteProtectionProfile, updateProtectionProfile } from './protectionProfiles';
import { deleteNotificationSetting, deleteReportTask, disableFreeFeature } from './removals';
import { createReport } from './reports';
import { deleteSnapshotPolicy, pauseSnapshotPolicy, renameSnapshotPolicy, resumeSnapshotPolicy } from './snapshotPolicies';
import { deleteStorage, restoreStorage } from './storages';
import { addSchedules, editSnapshotSchedule, removeSnapshotSchedule } from './snapshotSchedules';
import { createTlsSecret } from './tlsSecret';

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
  deleteCloudSecret,
  createSecret,
  deleteStorage,
  restoreStorage,
  createProtectionProfile,
  updateProtectionProfile,
  deleteProtectionProfile,
  enableEdgeApp,
  disableEdgeApp,
  startEdgeAppDebug,
  deleteEdgeApp,
  setEdgeAppConfig,
  createEdgeSecret,
  replaceEdgeSecretValue,
  deleteEdgeSecret,
  putEdgeKvKey,
  deleteEdgeKvKey,
  deployEdgeApp,
  rollBackEdgeApp,
  deleteEdgeBinary,
  createEdgeApp,
  editSnapshotSchedule,
  removeSnapshotSchedule,
  createNotificationSetting,
  updateNotificationSetting,
  createReport,
  addSchedules,
  createTlsSecret,
  createAgentToken,
  revokeAgentToken,
] as readonly Operation[];
