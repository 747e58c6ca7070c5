// Edge view commands: add (pin) clients, apps and templates by id, remove, refresh, the app URL,
// env values (revealed on request only) and the template preview.
import * as vscode from 'vscode';
import { edgeAppStatus } from './model/edgeDisplay';
import { openAppUrl } from './edgeOpenUrl';
import { listEdgeAppsEndpoint } from '../../schema/edgeLists';
import { fieldProblem } from '../../ui/fieldRules';
import type { EdgeAppFilter } from './edgeListing';
import { EDGE_KIND_NAMES, parseEdgeIds, type EdgeKind } from './model/edgePins';
import type { BoundConnection } from '../../connections/connectionManager';
import type { FeatureContext } from '../../ui/featureContext';
import { runWizard, type WizardStep } from '../../ui/wizard';
import type { PlatformApi } from '../../platform/api';
import { AppTemplateNode, EnvNode, UrlNode } from './edgeDetailNodes';
import type { EdgeData, LoadState } from './edgeNodes';
import { PinNode } from './edgePinNode';
import { EDGE_ADD_COMMANDS, EDGE_VIEW_ID, type EdgeTree } from './edgeTree';
import { fetchEdge, loadStateOf } from './edgeFetch';

export interface EdgeCommandDeps extends Pick<FeatureContext, 'log' | 'ui' | 'registerBoundCommand' | 'registerUnboundCommand'> {
  tree: EdgeTree;
}

interface AddState {
  text?: string;
  ids?: number[];
  /** What checking each id on Enter fetched, so pinning does not fetch again. */
  known?: Map<number, LoadState<EdgeData[EdgeKind]>>;
}

const LABELS: Record<EdgeKind, string> = { client: 'Client ID', app: 'App ID', template: 'Template ID' };

/**
 * One step: the id(s). Checked as typed (positive whole numbers up to 2^53-1), then on Enter
 * against the platform: an id it answers 404 for is refused (the box keeps the text); any other
 * failure lets the pin through, to show as an error node with Retry.
 */
export function addPinSteps(kind: EdgeKind, api: PlatformApi, connectionName: string): WizardStep<AddState>[] {
  const label = LABELS[kind];
  const noun = EDGE_KIND_NAMES[kind].noun;
  return [
    {
      id: 'ids',
      prompt: async (state, ctx) => {
        state.text = await ctx.input({
          prompt: `ID of the edge ${noun} to ${kind === 'template' ? 'open' : 'pin'} on ${connectionName} (several: separate with commas)`,
          placeholder: kind === 'client' ? 'e.g. 201' : kind === 'app' ? 'e.g. 101' : 'e.g. 301',
          value: state.text,
          // An empty box is not an error yet (its prompt stays readable); Enter on it is refused.
          validate: (text) => {
            if (text.trim() === '') return undefined;
            const parsed = parseEdgeIds(text, label);
            return 'problem' in parsed ? parsed.problem : undefined;
          },
          validateOnAccept: async (text) => {
            const parsed = parseEdgeIds(text, label);
            if ('problem' in parsed) return parsed.problem;
            const known = new Map<number, LoadState<EdgeData[EdgeKind]>>();
            await Promise.all(
              parsed.ids.map(async (id) => {
                try {
                  known.set(id, loadStateOf({ data: await fetchEdge(api, kind, id) }));
                } catch (error) {
                  known.set(id, loadStateOf({ error }));
                }
              }),
            );
            const missing = parsed.ids.filter((id) => known.get(id)?.status === 'notFound');
            if (missing.length > 0) {
              return `${label}: no edge ${noun} ${missing.join(', ')} on ${connectionName} (404)${parsed.ids.length > missing.length ? `; remove ${missing.length === 1 ? 'it' : 'them'} to pin the others` : ''}`;
            }
            state.known = known;
            return undefined;
          },
        });
        const parsed = parseEdgeIds(state.text, label);
        state.ids = 'ids' in parsed ? parsed.ids : [];
      },
    },
  ];
}

export function registerEdgeCommands(deps: EdgeCommandDeps): vscode.Disposable[] {
  const { tree } = deps;
  // On the connection the view shows (it follows the active one a moment behind): the pins and
  // the rows a command is run on are that connection's.
  const onView = { connection: () => tree.activeConnectionId };
  const bound = (id: string, handler: (bound: BoundConnection, node: unknown) => unknown) => deps.registerBoundCommand(id, handler, onView);

  const add = async ({ api, connection }: BoundConnection, kind: EdgeKind): Promise<number[] | undefined> => {
    const ui = deps.ui();
    const title = EDGE_ADD_COMMANDS[kind].title.replace('…', '');
    const done = await runWizard<AddState>({}, { title: `${title} on ${connection.name}`, steps: addPinSteps(kind, api, connection.name), ui });
    if (!done?.ids?.length) return undefined;
    if (tree.activeConnectionId !== connection.id) return undefined; // switched connection while typing
    const noun = EDGE_KIND_NAMES[kind].noun;
    const { added, already } = await tree.pin(kind, done.ids, done.known);
    if (added.length === 0 && already.length > 0) {
      void ui.notify('info', `Edge ${noun} ${already.join(', ')} ${already.length === 1 ? 'is' : 'are'} already pinned.`);
    }
    await vscode.commands.executeCommand(`${EDGE_VIEW_ID}.focus`).then(undefined, () => undefined);
    await tree.revealPin(kind, added[0] ?? already[0]!);
    return done.ids;
  };

  const templateIdOf = (node: unknown): number | undefined => {
    if (node instanceof PinNode && node.kind === 'template') return node.id;
    if (node instanceof AppTemplateNode) return node.templateId;
    return undefined;
  };

  /** The account's apps filtered on the server: a status (or any), then a part of the name. */
  const filterApps = async (): Promise<void> => {
    const current = tree.listing.filter;
    const done = await runWizard<EdgeAppFilter & { statusChosen?: boolean }>(
      { ...current },
      {
        title: 'Filter Edge Apps',
        ui: deps.ui(),
        steps: [
          {
            prompt: async (s, ctx) => {
              const status = await ctx.pick<number | null>({
                placeholder: 'Apps with this status',
                items: [
                  { label: 'Any status', value: null },
                  ...[0, 1, 2, 5].map((n) => ({ label: edgeAppStatus(n).label, description: `status ${n}`, value: n })),
                ],
                activeValue: current.status ?? null,
              });
              s.status = status ?? undefined;
            },
          },
          {
            prompt: async (s, ctx) => {
              s.name = await ctx.input({
                prompt: 'Apps whose name contains (empty: any name)',
                value: s.name ?? '',
                validate: (v) => fieldProblem(listEdgeAppsEndpoint.query.shape.name, v.trim() || undefined, 'Name'),
              });
            },
          },
        ],
      },
    );
    if (done) await tree.listing.setFilter({ name: done.name, status: done.status });
  };

  return [
    bound('platformConsole.filterEdgeApps', filterApps),
    deps.registerUnboundCommand('platformConsole.clearEdgeAppsFilter', () => tree.listing.setFilter({})),
    bound(EDGE_ADD_COMMANDS.client.command, (on) => add(on, 'client')),
    bound(EDGE_ADD_COMMANDS.app.command, (on) => add(on, 'app')),
    bound(EDGE_ADD_COMMANDS.template.command, async (on) => {
      const ids = await add(on, 'template');
      // "Open": the (first) template's long description in the read-only preview.
      if (ids?.[0] !== undefined) await tree.previewTemplate(ids[0]);
    }),
    // Pins are the view's connection's: a pin listed on another one is refused, not unpinned here.
    bound('platformConsole.removeEdgePin', async (_on, node) => {
      if (node instanceof PinNode) await tree.unpin(node.kind, node.id);
    }),
    bound('platformConsole.refreshEdge', (_on, node) => tree.refreshPins(node instanceof PinNode ? node : undefined)),
    bound('platformConsole.previewEdgeTemplate', async (_on, node) => {
      const id = templateIdOf(node);
      if (id !== undefined) await tree.previewTemplate(id);
    }),
    deps.registerUnboundCommand('platformConsole.openEdgeAppUrl', async (node: unknown) => {
      if (node instanceof UrlNode) await openAppUrl(node.url, deps);
    }),
    deps.registerUnboundCommand('platformConsole.copyEdgeAppUrl', async (node: unknown) => {
      if (!(node instanceof UrlNode)) return;
      await vscode.env.clipboard.writeText(node.url);
      void vscode.window.setStatusBarMessage(`Copied ${node.url}`, 3000);
    }),
    deps.registerUnboundCommand('platformConsole.revealEdgeEnvValue', (node: unknown) => {
      if (node instanceof EnvNode) tree.setRevealed(node.appId, node.key, true, node);
    }),
    deps.registerUnboundCommand('platformConsole.hideEdgeEnvValue', (node: unknown) => {
      if (node instanceof EnvNode) tree.setRevealed(node.appId, node.key, false, node);
    }),
    deps.registerUnboundCommand('platformConsole.copyEdgeEnvValue', async (node: unknown) => {
      if (!(node instanceof EnvNode)) return;
      await vscode.env.clipboard.writeText(node.value);
      void vscode.window.setStatusBarMessage(`Copied the value of ${node.key}`, 3000);
    }),
  ];
}
