// An edge app's variables, response headers and secret references, changed by an agent: a catalog
// operation (src/operations/edgeAppConfig.ts) gives its input, the app read, every change with its
// values in the confirmation, its class (destructive when it removes or overwrites) and the merged
// request, made again from the app just before sending. A secret is referred to by its FastEdge
// secret id; no secret value is ever asked, shown or sent. The answer names what changed, no values.
import type { EdgeApp } from '../../../schema/edge';
import { configChangeLines, setEdgeAppConfig as configOp, type ConfigThing } from '../../../operations/edgeAppConfig';
import { toolFromOperation, type ReadAndSent } from './operationTool';
import { nameOf, writeAnswer } from './toolAnswers';

export const setEdgeAppConfig = toolFromOperation(configOp, {
  name: 'set_edge_app_config',
  referenceName: 'platformSetEdgeAppConfig',
  userDescription: "Add, change or remove a FastEdge app's environment variables, response headers or secret references",
  purpose:
    "Changes a FastEdge app's environment variables (env), response headers (rsp_headers) or secret references (secrets: a name the app reads -> a FastEdge secret id; never a secret's value). Give per section the names to set and the names to remove; the rest of the app's configuration is kept; only the sections that change are sent.",
  usage: 'Use list_edge_apps to find the app id and list_edge_secrets the secret ids.',
  answer: (sent, b, input, done) => {
    const { thing, nothingSent } = sent as ReadAndSent<ConfigThing>;
    const app: EdgeApp = thing.app;
    if (nothingSent) return `Nothing sent: edge app ${input.app_id} on ${nameOf(b.connectionName)} already has this configuration.`;
    // The lines name the app's entries (some only the platform gave): data, with the app's name.
    return writeAnswer({
      head: `${done}; the app's name and what changed:`,
      source: 'set_edge_app_config',
      platform: { name: app.name, changes: configChangeLines(app, input) },
    });
  },
});
