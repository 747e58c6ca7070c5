// Every endpoint of the API, by name: what the client calls and the simulator serves.
import { addSchedulesEndpoint, createSecretEndpoint, getTaskEndpoint } from './cloud';
import { getEdgeAppEndpoint, getEdgeClientEndpoint, getEdgeTemplateEndpoint } from './edge';
import { createReportEndpoint, getReportEndpoint, getTrialEndpoint, getTrialStartDataEndpoint } from './billing';
import { functionLogsEndpoint } from './faas';
import { createNotificationSettingEndpoint, getFreeFeatureEndpoint, updateNotificationSettingEndpoint } from './iam';
import { instancePriceEndpoint, loadBalancerPriceEndpoint } from './pricing';
import { getProfileEndpoint, listProfileTemplatesEndpoint, listProfilesEndpoint, listProfilesPagedEndpoint, patchProfileEndpoint } from './security';
import { getEdgeAccountEndpoint, getOwnEdgeAppEndpoint, listEdgeAppsEndpoint, listEdgeTemplatesEndpoint } from './edgeLists';
import { listReportTemplatesEndpoint, listReportsEndpoint } from './billingLists';
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

export const endpoints = {
  createSecret: createSecretEndpoint,
  getTask: getTaskEndpoint,
  addSchedules: addSchedulesEndpoint,
  updateProtectionProfile: patchProfileEndpoint,
  previewInstancePrice: instancePriceEndpoint,
  previewLoadBalancerPrice: loadBalancerPriceEndpoint,
  getEdgeApp: getEdgeAppEndpoint,
  deleteStorage: deleteStorageEndpoint,
  getTrialStartData: getTrialStartDataEndpoint,
  getTrial: getTrialEndpoint,
  getReport: getReportEndpoint,
  getFunctionLogs: functionLogsEndpoint,
  getEdgeTemplate: getEdgeTemplateEndpoint,
  createReport: createReportEndpoint,
  listProtectionProfiles: listProfilesEndpoint,
  getEdgeClient: getEdgeClientEndpoint,
  getActivatedFreeFeature: getFreeFeatureEndpoint,
  updateNotificationSetting: updateNotificationSettingEndpoint,
  createNotificationSetting: createNotificationSettingEndpoint,
  getProtectionProfile: getProfileEndpoint,
  listEdgeApps: listEdgeAppsEndpoint,
  getOwnEdgeApp: getOwnEdgeAppEndpoint,
  listEdgeTemplates: listEdgeTemplatesEndpoint,
  getEdgeAccount: getEdgeAccountEndpoint,
  listReports: listReportsEndpoint,
  listReportTemplates: listReportTemplatesEndpoint,
  listProtectionProfilesPaged: listProfilesPagedEndpoint,
  listProfileTemplates: listProfileTemplatesEndpoint,
  listProjects: listProjectsEndpoint,
  listRegions: listRegionsEndpoint,
  listFlavors: listFlavorsEndpoint,
  listLoadBalancerFlavors: listLoadBalancerFlavorsEndpoint,
  listLifecyclePolicies: listLifecyclePoliciesEndpoint,
  listNamespaces: listNamespacesEndpoint,
  listFunctions: listFunctionsEndpoint,
  listSecrets: listSecretsEndpoint,
} as const;

export type EndpointName = keyof typeof endpoints;
export const allEndpoints = Object.values(endpoints);
