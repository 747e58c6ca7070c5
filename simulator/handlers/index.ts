// Every endpoint's handler, by endpoint name: the compiler checks none is missing.
import { createReport, deleteReport, getReport, getTrial, getTrialStartData, listTrials } from './billing';
import { createSecret, getTask } from './cloud';
import { getEdgeApp, getEdgeClient, getEdgeTemplate } from './edge';
import { deleteEdgeApp, patchEdgeApp } from './edgeApps';
import { listEdgeAppLogs } from './edgeAppLogs';
import { getEdgeCallStats, getEdgeDurationStats } from './edgeStats';
import { deleteEdgeBinary, getEdgeBinary, storeEdgeBinary } from './edgeBinaries';
import { createEdgeApp, listEdgeBinaries } from './edgeAppCreate';
import { createEdgeSecret, deleteEdgeSecret, getEdgeSecret, listEdgeSecrets, patchEdgeSecret } from './edgeSecrets';
import { listEdgeStores } from './edgeStores';
import { getEdgeStore, getEdgeStoreKey, listEdgeStoreData, putEdgeStoreData } from './edgeKv';
import { getFunctionLogs } from './faas';
import {
  createNotificationSetting,
  deleteNotificationSetting,
  disableFreeFeature,
  getActivatedFreeFeature,
  listFreeFeatures,
  listNotificationSettings,
  updateNotificationSetting,
} from './iam';
import { addSchedules, deleteLifecyclePolicy, patchLifecyclePolicy, removeSchedules } from './lifecycle';
import { previewInstancePrice, previewLoadBalancerPrice } from './pricing';
import { downloadReport } from './reportDownload';
import { createProtectionProfile, deleteProtectionProfile, getProtectionProfile, listProtectionProfiles, updateProtectionProfile } from './profiles';
import { getProfileTemplate, listProfileTemplatePolicies } from './profileTemplates';
import { deleteStorage } from './storage';
import { listDdosEvents } from './ddosEvents';
import { deleteObjectStorage, deleteSftpStorage, listObjectStorages, listSftpStorages, restoreObjectStorage } from './storageV4';
import {
  getEdgeAccount,
  getOwnEdgeApp,
  listEdgeApps,
  listEdgeTemplates,
  listFlavors,
  listFunctions,
  listLifecyclePolicies,
  listLoadBalancerFlavors,
  listNamespaces,
  listProfileTemplates,
  listProjects,
  listProtectionProfilesPaged,
  listRegions,
  listReportTemplates,
  listReports,
  listSecrets,
} from './lists';
import { createSecretV2, deleteSecret, getSecret, patchFunction, patchSchedule } from './cloudChanges';
import { createApiToken, deleteApiToken, getAccountDetails, listApiTokens } from './iamTokens';
import type { Handlers } from './types';

export const handlers: Handlers = {
  createSecret,
  getTask,
  addSchedules,
  patchLifecyclePolicy,
  deleteLifecyclePolicy,
  removeSchedules,
  updateProtectionProfile,
  previewInstancePrice,
  previewLoadBalancerPrice,
  getEdgeApp,
  deleteStorage,
  getTrialStartData,
  getTrial,
  getReport,
  getFunctionLogs,
  getEdgeTemplate,
  createReport,
  listProtectionProfiles,
  getEdgeClient,
  getActivatedFreeFeature,
  updateNotificationSetting,
  createNotificationSetting,
  getProtectionProfile,
  listEdgeApps,
  getOwnEdgeApp,
  listEdgeTemplates,
  getEdgeAccount,
  patchEdgeApp,
  deleteEdgeApp,
  storeEdgeBinary,
  deleteEdgeBinary,
  getEdgeBinary,
  createEdgeApp,
  listEdgeBinaries,
  listEdgeSecrets,
  createEdgeSecret,
  getEdgeSecret,
  patchEdgeSecret,
  deleteEdgeSecret,
  listEdgeStores,
  getEdgeStore,
  listEdgeStoreData,
  getEdgeStoreKey,
  putEdgeStoreData,
  listReports,
  listReportTemplates,
  listProtectionProfilesPaged,
  listProfileTemplates,
  createProtectionProfile,
  deleteProtectionProfile,
  getProfileTemplate,
  listProfileTemplatePolicies,
  listProjects,
  listRegions,
  listFlavors,
  listLoadBalancerFlavors,
  listLifecyclePolicies,
  listNamespaces,
  listFunctions,
  listEdgeAppLogs,
  getEdgeCallStats,
  getEdgeDurationStats,
  listSecrets,
  createSecretV2,
  getSecret,
  deleteSecret,
  patchSchedule,
  patchFunction,
  downloadReport,
  deleteReport,
  listTrials,
  listFreeFeatures,
  disableFreeFeature,
  listNotificationSettings,
  deleteNotificationSetting,
  listObjectStorages,
  listSftpStorages,
  deleteObjectStorage,
  deleteSftpStorage,
  restoreObjectStorage,
  listDdosEvents,
  getAccountDetails,
  listApiTokens,
  createApiToken,
  deleteApiToken,
};
