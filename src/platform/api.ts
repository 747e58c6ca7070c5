// The typed API: one function per endpoint, grouped by product area.
import type { CallInput, CallOutput } from '../schema/endpoint';
import { endpoints } from '../schema/endpoints';
import type { CallOptions, HttpClient } from './http';

type Endpoints = typeof endpoints;
type Fn<K extends keyof Endpoints> = (input: CallInput<Endpoints[K]>, options?: CallOptions) => Promise<CallOutput<Endpoints[K]>>;

function bind<K extends keyof Endpoints>(http: HttpClient, name: K): Fn<K> {
  return (input, options) => http.call(endpoints[name], input, options);
}

export function createPlatformApi(http: HttpClient) {
  return {
    http,
    cloud: {
      createSecret: bind(http, 'createSecret'),
      getTask: bind(http, 'getTask'),
      addSchedules: bind(http, 'addSchedules'),
      listProjects: bind(http, 'listProjects'),
      listRegions: bind(http, 'listRegions'),
      listFlavors: bind(http, 'listFlavors'),
      listLoadBalancerFlavors: bind(http, 'listLoadBalancerFlavors'),
      listLifecyclePolicies: bind(http, 'listLifecyclePolicies'),
      listSecrets: bind(http, 'listSecrets'),
    },
    security: {
      listProtectionProfiles: bind(http, 'listProtectionProfiles'),
      updateProtectionProfile: bind(http, 'updateProtectionProfile'),
      getProtectionProfile: bind(http, 'getProtectionProfile'),
      listProtectionProfilesPaged: bind(http, 'listProtectionProfilesPaged'),
      listProfileTemplates: bind(http, 'listProfileTemplates'),
    },
    pricing: {
      previewInstancePrice: bind(http, 'previewInstancePrice'),
      previewLoadBalancerPrice: bind(http, 'previewLoadBalancerPrice'),
    },
    edge: {
      getEdgeApp: bind(http, 'getEdgeApp'),
      getEdgeTemplate: bind(http, 'getEdgeTemplate'),
      getEdgeClient: bind(http, 'getEdgeClient'),
      listEdgeApps: bind(http, 'listEdgeApps'),
      getOwnEdgeApp: bind(http, 'getOwnEdgeApp'),
      listEdgeTemplates: bind(http, 'listEdgeTemplates'),
      getEdgeAccount: bind(http, 'getEdgeAccount'),
    },
    billing: {
      getTrialStartData: bind(http, 'getTrialStartData'),
      getTrial: bind(http, 'getTrial'),
      getReport: bind(http, 'getReport'),
      createReport: bind(http, 'createReport'),
      listReports: bind(http, 'listReports'),
      listReportTemplates: bind(http, 'listReportTemplates'),
    },
    faas: {
      getFunctionLogs: bind(http, 'getFunctionLogs'),
      listNamespaces: bind(http, 'listNamespaces'),
      listFunctions: bind(http, 'listFunctions'),
    },
    storage: {
      deleteStorage: bind(http, 'deleteStorage'),
    },
    iam: {
      getActivatedFreeFeature: bind(http, 'getActivatedFreeFeature'),
      createNotificationSetting: bind(http, 'createNotificationSetting'),
      updateNotificationSetting: bind(http, 'updateNotificationSetting'),
    },
  };
}

export type PlatformApi = ReturnType<typeof createPlatformApi>;
