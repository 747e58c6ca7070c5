// Create Edge App…: the wizard (edgeCreateFlow.ts) on the connection it started on, the one
// confirmation (the catalog operation's: src/operations/edgeCreate.ts; never a value in clear),
// one POST (past the account's app limit, said as such); the new
// draft app listed in the Edge view (read again) and selected there, with *Enable* offered (the lifecycle's own command). A failed
// create keeps every value: *Retry* reopens the last step with them. Answers `{id, name}`.
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import { createEdgeApp } from '../../operations/edgeCreate';
import { sendOperation, type OperationRequest } from '../../operations/operation';
import { ListPages } from '../../platform/listPages';
import type { EdgeAppShort } from '../../schema/edgeApps';
import type { EdgeStoreShort } from '../../schema/edgeStores';
import { confirmOperation } from '../../ui/confirmOperation';
import type { FeatureContext } from '../../ui/featureContext';
import { notifyError } from '../../ui/notify';
import { runWizard, stepIndex } from '../../ui/wizard';
import { EDGE_APP_COMMANDS } from './edgeAppCommands';
import { revealListedApp } from './edgeAppPick';
import { asAppLimit } from './model/edgeAppLimit';
import { createRequest, edgeCreateSteps, sourceText, type EdgeCreateSource, type EdgeCreateState } from './edgeCreateFlow';
import type { EdgeTree } from './edgeTree';

export const CREATE_EDGE_APP_COMMAND = 'platformConsole.createEdgeApp';
const STORE_PAGE = 100;

export interface EdgeCreateDeps extends Pick<FeatureContext, 'log' | 'ui' | 'registerBoundCommand'> {
  tree: EdgeTree;
}

export interface CreatedEdgeApp {
  id: number;
  name: string;
}

function createSource(deps: EdgeCreateDeps, bound: BoundConnection): EdgeCreateSource {
  const { api, lists } = bound;
  return {
    templates: () => lists.load('listEdgeTemplates', '', async () => (await api.edge.listEdgeTemplates({ params: {}, query: { limit: 1000 } })).templates),
    template: (id) => api.edge.getEdgeTemplate({ params: { template_id: id } }),
    binaries: () =>
      lists.load(
        'listEdgeBinaries',
        '',
        async () => {
          const [{ binaries }, apps] = await Promise.all([
            api.edge.listEdgeBinaries({ params: {} }),
            api.edge.listEdgeApps({ params: {}, query: { limit: 1000 } }).catch(() => undefined),
          ]);
          return binaries.map((b) => ({ ...b, usedBy: (apps?.apps ?? []).filter((a) => a.binary === b.id).map((a) => a.name || String(a.id)) }));
        },
        { fresh: true },
      ),
    templatesMissing: () => lists.isMissing('listEdgeTemplates'),
    binariesMissing: () => lists.isMissing('listEdgeBinaries'),
    secrets: (fresh) =>
      lists.load(
        'listEdgeSecrets',
        '',
        async () => ((await api.edge.listEdgeSecrets({ params: {}, query: {} })).secrets ?? []).filter((x) => typeof x.id === 'number'),
        { fresh },
      ),
    secretsMissing: () => lists.isMissing('listEdgeSecrets'),
    stores: () =>
      new ListPages<EdgeStoreShort>({
        lists,
        endpoint: 'listEdgeStores',
        read: async (offset) => {
          const page = await api.edge.listEdgeStores({ params: {}, query: { limit: STORE_PAGE, offset } });
          return { results: page.stores, count: page.count, next: page.stores.length === STORE_PAGE ? 'more' : null };
        },
      }),
    storesMissing: () => lists.isMissing('listEdgeStores'),
    logError: (error) => deps.log.error('Could not list for Create Edge App', error),
  };
}

export function registerEdgeCreateCommand(deps: EdgeCreateDeps): vscode.Disposable[] {
  const { log, tree } = deps;

  const run = async (bound: BoundConnection, state: EdgeCreateState, startAt?: number): Promise<CreatedEdgeApp | undefined> => {
    const ui = deps.ui();
    const { connection } = bound;
    const steps = edgeCreateSteps(createSource(deps, bound));
    const done = await runWizard(state, { title: `Create Edge App (${connection.name})`, steps, ui, startAt });
    if (!done) return undefined;
    const { input, thing } = createRequest(done);
    const body = { name: input.name };
    let request: OperationRequest;
    try {
      request = createEdgeApp.request(input);
    } catch (error) {
      await notifyError(`Nothing was sent for edge app ${body.name}`, error, { log, ui, connectionName: connection.name });
      return undefined;
    }
    // The template and references were read by the wizard; the words, facts and class are the operation's.
    if (!(await confirmOperation(ui, createEdgeApp, input, thing, connection))) return undefined;
    let made: EdgeAppShort;
    try {
      made = (await ui.progress(`Creating edge app ${body.name} on ${connection.name}…`, false, () => sendOperation(bound.api, request))) as EdgeAppShort;
    } catch (error) {
      const choice = await notifyError(`Could not create edge app ${body.name} on ${connection.name}`, asAppLimit(error), {
        log,
        ui,
        connectionName: connection.name,
        actions: ['Retry'],
        signInAgain: () => vscode.commands.executeCommand('platformConsole.signIn', { name: connection.name, baseUrl: connection.baseUrl }),
      });
      // Retry reopens the last step with every value kept: Enter confirms again, Back edits.
      return choice === 'Retry' ? run(bound, done, stepIndex(steps, 'env')) : undefined;
    }
    const id = made.id ?? 0;
    const name = made.name ?? body.name;
    const line = `Created edge app ${name} (${id}) on ${connection.name} from ${sourceText(done)}; it is a draft and does not serve until enabled.`;
    log.info(line);
    await tree.listing.reload();
    await revealListedApp(tree, id, log);
    void ui.notify('info', line, ['Enable']).then(async (chosen) => {
      if (chosen === 'Enable') await vscode.commands.executeCommand(EDGE_APP_COMMANDS.enable.command, id);
    });
    return { id, name };
  };

  // On the connection the Edge view shows (it follows the active one a moment behind).
  const onView = { connection: () => tree.activeConnectionId };
  return [deps.registerBoundCommand(CREATE_EDGE_APP_COMMAND, (bound) => run(bound, {}), onView)];
}
