// The typed API: one function per endpoint, under the group the routes table gives it.
import type { CallInput, CallOutput } from '../schema/endpoint';
import { endpoints, type EndpointName } from '../schema/endpoints';
import type { CallOptions, HttpClient } from './http';

type Endpoints = typeof endpoints;
type Fn<K extends EndpointName> = (input: CallInput<Endpoints[K]>, options?: CallOptions) => Promise<CallOutput<Endpoints[K]>>;
type ApiGroup = Endpoints[EndpointName]['group'];
type GroupApi<G extends ApiGroup> = { readonly [K in EndpointName as Endpoints[K]['group'] extends G ? K : never]: Fn<K> };

export type PlatformApi = { readonly http: HttpClient } & { readonly [G in ApiGroup]: GroupApi<G> };

function bind<K extends EndpointName>(http: HttpClient, name: K): Fn<K> {
  return (input, options) => http.call(endpoints[name], input, options);
}

export function createPlatformApi(http: HttpClient): PlatformApi {
  const groups: Record<string, Record<string, unknown>> = {};
  for (const name of Object.keys(endpoints) as EndpointName[]) (groups[endpoints[name].group] ??= {})[name] = bind(http, name);
  return { http, ...groups } as unknown as PlatformApi;
}
