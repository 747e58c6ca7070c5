// Edge administration: apps (6), templates (12), clients (15).
import type { endpoints } from '../../src/schema/endpoints';
import { notFound } from '../errors';
import type { Handler } from './types';

export const getEdgeApp: Handler<typeof endpoints.getEdgeApp> = ({ params }, { state }) => {
  const app = state.edgeApps.get(params.app_id);
  if (!app) throw notFound(`app ${params.app_id} not found`);
  return structuredClone(app);
};

export const getEdgeTemplate: Handler<typeof endpoints.getEdgeTemplate> = ({ params }, { state, options }) => {
  const template = state.edgeTemplates.get(params.template_id);
  if (!template) throw notFound(`template ${params.template_id} not found`);
  const answer = structuredClone(template);
  if (options.accountLabel) answer.long_descr = `${answer.long_descr ?? ''}\n\nAccount: ${options.accountLabel}`;
  return answer;
};

export const getEdgeClient: Handler<typeof endpoints.getEdgeClient> = ({ params }, { state }) => {
  const client = state.edgeClients.get(params.client_id);
  if (!client) throw notFound(`client ${params.client_id} not found`);
  // The platform's client object has no id of its own: the path names it.
  const { id: _id, ...view } = client;
  return structuredClone(view);
};
