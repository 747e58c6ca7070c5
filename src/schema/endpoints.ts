// Every endpoint of the API, by name: what the client calls and the simulator serves.
import { addSchedulesEndpoint, createSecretEndpoint, getTaskEndpoint } from './cloud';
import { getEdgeAppEndpoint, getEdgeClientEndpoint, getEdgeTemplateEndpoint } from './edge';
import { createReportEndpoint, getReportEndpoint, getTrialEndpoint, getTrialStartDataEndpoint } from './billing';
import { functionLogsEndpoint } from './faas';
import { createNotificationSettingEndpoint, getFreeFeatureEndpoint, updateNotificationSettingEndpoint } from './iam';
import { instancePriceEndpoint, loadBalancerPriceEndpoint } from './pricing';
import { getProfileEndpoint, listProfileTemplatesEndpoint, listProfilesEndpoint, listProfilesPagedEndpoint, patchProfileEndpoint } from './security';
import { getEdgeAccountEndpoint, getOwnEdgeAppEndpoint, listEdgeAppsEndpoint, listEdgeTemplatesEndpoint } from './edgeLists';
import { listReportTemplatesEndpoint, listReportsEndpoint, listTrialsEndpoint } from './billingLists';
import { deleteReportEndpoint, downloadReportEndpoint } from './reportResult';
import { deleteNotificationSettingEndpoint, disableFreeFeatureEndpoint, listFreeFeaturesEndpoint, listNotificationSettingsEndpoint } from './iamLists';
import {
  listFlavorsEndpoint,
  listFunctionsEndpoint,
  listLifecyclePoliciesEndpoint,
  listLoadBalancerFlavorsEndpoint,
  listNamespacesEndpoint,
  listProjectsEndpoint,
  listRegionsEndpoint,
  listSecretsEndpoint,
} from './cloudLists';
import { deleteStorageEndpoint } from './storage';
import {
  deleteObjectStorageEndpoint,
  deleteSftpStorageEndpoint,
  listObjectStoragesEndpoint,
  listSftpStoragesEndpoint,
  restoreObjectStorageEndpoint,
} from './storageV4';
import { deleteLifecyclePolicyEndpoint, patchLifecyclePolicyEndpoint, removeSchedulesEndpoint } from './cloudPolicies';
import { listEdgeAppLogsEndpoint } from './edgeLogs';
import { getEdgeCallStatsEndpoint, getEdgeDurationStatsEndpoint } from './edgeStats';
import { deleteEdgeAppEndpoint, patchEdgeAppEndpoint } from './edgeApps';
import { deleteEdgeBinaryEndpoint, getEdgeBinaryEndpoint, storeEdgeBinaryEndpoint } from './edgeBinaries';
import { createEdgeAppEndpoint } from './edgeAppCreate';
import { listEdgeBinariesEndpoint } from './edgeBinaryList';
import { createSecretV2Endpoint, deleteSecretEndpoint, getSecretEndpoint, patchFunctionEndpoint, patchScheduleEndpoint } from './cloudChanges';
import { createEdgeSecretEndpoint, deleteEdgeSecretEndpoint, getEdgeSecretEndpoint, listEdgeSecretsEndpoint, patchEdgeSecretEndpoint } from './edgeSecrets';
import { listEdgeStoresEndpoint } from './edgeStores';
import { getEdgeStoreEndpoint, getEdgeStoreKeyEndpoint, listEdgeStoreDataEndpoint, putEdgeStoreDataEndpoint } from './edgeKv';
import { createProfileEndpoint, deleteProfileEndpoint, getTemplateEndpoint, listTemplatePoliciesEndpoint } from './profileTemplates';
import { listDdosEventsEndpoint } from './ddosEvents';
import { createApiTokenEndpoint, deleteApiTokenEndpoint, getAccountDetailsEndpoint, listApiTokensEndpoint } from './iamTokens';

import type { Endpoint } from './endpoint';
import type { RouteName } from './routes';

/** Every descriptor once; its name is its key in the routes table. */
const ALL = [
  createSecretEndpoint,
  getTaskEndpoint,
  addSchedulesEndpoint,
  patchProfileEndpoint,
  instancePriceEndpoint,
  loadBalancerPriceEndpoint,
  getEdgeAppEndpoint,
  deleteStorageEndpoint,
  getTrialStartDataEndpoint,
  getTrialEndpoint,
  getReportEndpoint,
  functionLogsEndpoint,
  getEdgeTemplateEndpoint,
  createReportEndpoint,
  listProfilesEndpoint,
  getEdgeClientEndpoint,
  getFreeFeatureEndpoint,
  updateNotificationSettingEndpoint,
  createNotificationSettingEndpoint,
  getProfileEndpoint,
  listEdgeAppsEndpoint,
  getOwnEdgeAppEndpoint,
  listEdgeTemplatesEndpoint,
  getEdgeAccountEndpoint,
  patchEdgeAppEndpoint,
  deleteEdgeAppEndpoint,
  storeEdgeBinaryEndpoint,
  deleteEdgeBinaryEndpoint,
  getEdgeBinaryEndpoint,
  createEdgeAppEndpoint,
  listEdgeBinariesEndpoint,
  listEdgeSecretsEndpoint,
  createEdgeSecretEndpoint,
  getEdgeSecretEndpoint,
  patchEdgeSecretEndpoint,
  deleteEdgeSecretEndpoint,
  listEdgeStoresEndpoint,
  getEdgeStoreEndpoint,
  listEdgeStoreDataEndpoint,
  getEdgeStoreKeyEndpoint,
  putEdgeStoreDataEndpoint,
  listReportsEndpoint,
  listReportTemplatesEndpoint,
  listProfilesPagedEndpoint,
  listProfileTemplatesEndpoint,
  createProfileEndpoint,
  deleteProfileEndpoint,
  getTemplateEndpoint,
  listTemplatePoliciesEndpoint,
  listProjectsEndpoint,
  listRegionsEndpoint,
  listFlavorsEndpoint,
  listLoadBalancerFlavorsEndpoint,
  listLifecyclePoliciesEndpoint,
  patchLifecyclePolicyEndpoint,
  deleteLifecyclePolicyEndpoint,
  removeSchedulesEndpoint,
  listNamespacesEndpoint,
  listFunctionsEndpoint,
  listEdgeAppLogsEndpoint,
  getEdgeCallStatsEndpoint,
  getEdgeDurationStatsEndpoint,
  listSecretsEndpoint,
  createSecretV2Endpoint,
  getSecretEndpoint,
  deleteSecretEndpoint,
  patchScheduleEndpoint,
  patchFunctionEndpoint,
  downloadReportEndpoint,
  deleteReportEndpoint,
  listTrialsEndpoint,
  listFreeFeaturesEndpoint,
  disableFreeFeatureEndpoint,
  listNotificationSettingsEndpoint,
  deleteNotificationSettingEndpoint,
  listObjectStoragesEndpoint,
  listSftpStoragesEndpoint,
  deleteObjectStorageEndpoint,
  deleteSftpStorageEndpoint,
  restoreObjectStorageEndpoint,
  listDdosEventsEndpoint,
  getAccountDetailsEndpoint,
  listApiTokensEndpoint,
  createApiTokenEndpoint,
  deleteApiTokenEndpoint,
] as const;

type ByName<T extends readonly { readonly name: string }[]> = { [E in T[number] as E['name']]: E };

/** The descriptors by name; the compiler checks that every route of the table has one. */
export const endpoints = Object.fromEntries(ALL.map((e) => [e.name, e])) as ByName<typeof ALL> satisfies Record<RouteName, Endpoint>;

export type EndpointName = keyof typeof endpoints;
export const allEndpoints = [...ALL];
