// #58 item 4: a read tool's answer about one resource ends with its page in the connection's web
// console (the page Open in Console opens), and says nothing of a console the connection lacks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runTool } from '../../src/features/agent/model/toolCatalog';
import type { AgentBinding } from '../../src/features/agent/model/toolKit';
import { agentSim } from '../support/agentSim';

const KEY = 'agent-console-links-key-81c4';
const host = { connections: async () => [], scrub: (t: string) => t.split(KEY).join('***') };

describe('agent tools: the web console link', { timeout: 60_000 }, () => {
  const s = agentSim(KEY);
  const run = (b: AgentBinding, name: string, input: object) => runTool(s.tool(name), b, input, host);
  const firstId = async (list: () => Promise<{ id: number }[]>) => (await list())[0]!.id;

  it('get_edge_app, get_edge_template, get_protection_profile: the page, or the nearest one and the way on', async () => {
    const withConsole = { ...s.bound, consoleUrl: 'https://portal.reseller.test' };
    const appId = (await s.bound.api.edge.listEdgeApps({ params: {}, query: {} })).apps[0]!.id;
    const templateId = await firstId(() => s.bound.api.edge.listEdgeTemplates({ params: {}, query: {} }).then((p) => p.templates));
    const profileId = await firstId(() => s.bound.api.security.listProtectionProfiles({ params: {}, query: {} }));
    const app = await run(withConsole, 'get_edge_app', { app_id: appId });
    const dashboard = 'https://portal.reseller.test/accounts/reports/dashboard';
    assert.ok(app.endsWith(`\nIn the web console: ${dashboard} (no page of its own: from there, FastEdge > HTTP Applications, app ${appId})`), app);
    const template = await run(withConsole, 'get_edge_template', { template_id: templateId });
    assert.ok(template.endsWith(`\nIn the web console: https://portal.reseller.test/fastedge/create-template-app/${templateId}`), template);
    const profile = await run(withConsole, 'get_protection_profile', { protection_profile_id: profileId });
    assert.match(
      profile,
      new RegExp(`In the web console: https://portal\\.reseller\\.test/accounts/reports/dashboard .*Protection profiles, profile ${profileId}\\)$`),
    );
  });

  it('a connection without a console: no link, no word of one', async () => {
    const appId = (await s.bound.api.edge.listEdgeApps({ params: {}, query: {} })).apps[0]!.id;
    const answer = await run(s.bound, 'get_edge_app', { app_id: appId });
    assert.doesNotMatch(answer, /web console/);
  });
});
