// Filter Secrets…, Clear Secret Filter and Go to Secret… on a region's Secrets row (or from the
// palette: project and region picked as every cloud flow does). The list cannot be filtered by
// the server (cloud_api.yaml: `limit` and `offset` only): both read the region's whole list.
import type * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import type { SecretType } from '../../schema/cloud';
import type { SecretItem } from '../../schema/cloudLists';
import { PlatformError } from '../../schema/errors';
import { nextOffset } from '../../schema/paging';
import { cloudLocationSteps, type CloudLocation } from '../../ui/cloudLocation';
import { cloudTargetOf, type CloudPlace } from '../../ui/cloudTarget';
import type { FeatureContext } from '../../ui/featureContext';
import { CANCEL } from '../../ui/flowUi';
import { goToPrompt } from '../../ui/goTo';
import { notifyError } from '../../ui/notify';
import { runWizard, type WizardStep } from '../../ui/wizard';
import type { CloudTree } from './cloudTree';
import type { ExpiryState } from './model/cloudDisplay';
import {
  EXPIRY_STATES,
  SECRETS_PAGE_MAX,
  SECRET_FILTER_TYPES,
  goToDescription,
  isNoFilter,
  namePartProblem,
  secretLabel,
  type SecretFilter,
} from './model/secretFilter';
import { readFiltered } from './secretFilterRead';
import { revealSecret } from './secretReveal';
import { CLEAR_SECRET_FILTER } from './secretRows';

export const SECRET_FIND_COMMANDS = {
  filter: 'platformConsole.filterSecrets',
  clearFilter: CLEAR_SECRET_FILTER,
  goTo: 'platformConsole.goToSecret',
} as const;

export interface SecretFindDeps extends Pick<FeatureContext, 'log' | 'ui' | 'defaults' | 'registerBoundCommand' | 'registerUnboundCommand'> {
  tree: CloudTree;
}

type FilterState = CloudLocation & { name?: string; type?: SecretType | 'any'; expiry?: ExpiryState | 'any' };

const EXPIRY_WORDS: Record<ExpiryState, string> = {
  expired: 'past its expiration',
  expiring: 'expires within 30 days',
  valid: 'expires later than 30 days from now',
  never: 'no expiration',
};

function filterSteps(): WizardStep<FilterState>[] {
  return [
    {
      prompt: async (s, ctx) => {
        s.name = await ctx.input({
          prompt: 'Name part: secrets whose name contains this text, in any case (plain text; empty: any name)',
          value: s.name ?? '',
          validate: (v) => namePartProblem(v),
        });
      },
    },
    {
      prompt: async (s, ctx) => {
        s.type = await ctx.pick<SecretType | 'any'>({
          placeholder: 'Type',
          items: [{ label: 'Any type', value: 'any' }, ...SECRET_FILTER_TYPES.map((t) => ({ label: t, value: t }))],
          activeValue: s.type ?? 'any',
        });
      },
    },
    {
      prompt: async (s, ctx) => {
        s.expiry = await ctx.pick<ExpiryState | 'any'>({
          placeholder: 'Expiry',
          items: [{ label: 'Any expiry', value: 'any' }, ...EXPIRY_STATES.map((e) => ({ label: e, description: EXPIRY_WORDS[e], value: e }))],
          activeValue: s.expiry ?? 'any',
        });
      },
    },
  ];
}

export function registerSecretFindCommands(deps: SecretFindDeps): vscode.Disposable[] {
  const { log, tree } = deps;

  const regionName = async (bound: BoundConnection, regionId: number) => {
    const regions = await bound.lists.regions();
    const found = 'items' in regions ? regions.items.find((r) => r.id === regionId) : undefined;
    return found?.display_name || `region ${regionId}`;
  };

  /** The row's place, or the one picked (project and region steps first, then `more`). */
  const ask = async <S extends CloudLocation>(bound: BoundConnection, arg: unknown, title: string, given: S, more: WizardStep<S>[]) => {
    const row = cloudTargetOf(arg, 'region');
    const defaults = deps.defaults.on(bound);
    const steps = [...(row ? [] : cloudLocationSteps<S>(defaults)), ...more];
    const start = row ? { ...given, projectId: row.projectId, regionId: row.regionId } : given;
    const done = steps.length === 0 ? start : await runWizard<S>(start, { title: `${title} (${bound.connection.name})`, ui: deps.ui(), steps });
    if (done?.projectId === undefined || done.regionId === undefined) return undefined;
    if (!row) await defaults.rememberMissing({ projectId: done.projectId, regionId: done.regionId });
    const place: CloudPlace = { connectionId: bound.connection.id, projectId: done.projectId, regionId: done.regionId };
    return { place, regionName: row?.name ?? (await regionName(bound, done.regionId)), state: done };
  };

  const filter = async (bound: BoundConnection, arg?: unknown): Promise<boolean> => {
    const row = cloudTargetOf(arg, 'region');
    const kept = row ? tree.secretFilter({ ...row, connectionId: bound.connection.id })?.filter : undefined;
    const given: FilterState = { name: kept?.name, type: kept?.type, expiry: kept?.expiry };
    const asked = await ask(bound, arg, 'Filter Secrets', given, filterSteps());
    if (!asked) return false;
    const { place, state } = asked;
    const wanted: SecretFilter = {
      name: (state.name ?? '').trim(),
      type: state.type === 'any' ? undefined : state.type,
      expiry: state.expiry === 'any' ? undefined : state.expiry,
    };
    if (isNoFilter(wanted)) {
      tree.clearSecretFilter(place);
      return true;
    }
    const ui = deps.ui();
    const where = `the secrets of ${asked.regionName} on ${bound.connection.name}`;
    try {
      const read = await ui.progress(`Filtering ${where}`, true, (report, signal) => readFiltered(bound, place, wanted, tree.now(), report, signal));
      if ('cancelled' in read) return false;
      if ('tooMany' in read) {
        void ui.notify('warning', `Cannot filter ${where}: ${read.tooMany}. The view is unchanged.`);
        return false;
      }
      log.info(`Filter Secrets on ${bound.connection.name}: ${read.done.items.length} of ${read.done.total} match in ${asked.regionName}`);
      tree.setSecretFilter(place, read.done);
      return true;
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'cancelled') return false;
      await notifyError(`Could not read ${where}; the view is unchanged`, error, { log, ui, connectionName: bound.connection.name });
      return false;
    }
  };

  const goTo = async (bound: BoundConnection, arg?: unknown): Promise<boolean> => {
    const asked = await ask<CloudLocation>(bound, arg, 'Go to Secret', {}, []);
    if (!asked) return false;
    const { place } = asked;
    const params = { project_id: place.projectId, region_id: place.regionId };
    const now = tree.now();
    const prompt = goToPrompt<SecretItem>({
      title: `Go to Secret in ${asked.regionName}`,
      noun: 'secrets',
      item: (s) => ({ label: secretLabel(s), description: goToDescription(s, now), value: s }),
      page: async (offset, signal) => {
        const page = await bound.api.cloud.listSecrets({ params, query: { limit: SECRETS_PAGE_MAX, offset } }, { signal });
        const total = page.count ?? undefined;
        return { items: page.results, total, more: nextOffset(offset, page.results.length, total, SECRETS_PAGE_MAX) !== undefined };
      },
    });
    const failed = (error: unknown) => log.error(`Could not read the secrets of ${asked.regionName} on ${bound.connection.name}`, error);
    const chosen = await deps.ui().search({ ...prompt, failed });
    if (chosen === CANCEL) return false;
    return revealSecret({ ...deps, tree }, bound, place, asked.regionName, chosen);
  };

  // On the connection the Cloud view shows; a row listed on another one is refused before the handler runs.
  const onView = { connection: () => tree.activeConnectionId };
  return [
    deps.registerBoundCommand(SECRET_FIND_COMMANDS.filter, filter, onView),
    deps.registerUnboundCommand(SECRET_FIND_COMMANDS.clearFilter, (arg) => {
      const row = cloudTargetOf(arg, 'region');
      if (row) tree.clearSecretFilter(row);
    }),
    deps.registerBoundCommand(SECRET_FIND_COMMANDS.goTo, goTo, onView),
  ];
}
