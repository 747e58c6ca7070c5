// "Disable Free Feature…": the activated feature picked from the platform's list (typed and read
// where it has none), the catalog operation's modal (src/operations/removals.ts), the DELETE sent once; a 404 said
// plainly. Also called with the feature (or its id) as argument, by agent tools or a tree.
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import type { FeatureContext } from '../../ui/featureContext';
import { confirmOperation } from '../../ui/confirmOperation';
import { notifyError } from '../../ui/notify';
import { fieldStep, operationField } from '../../ui/operationSteps';
import { runWizard } from '../../ui/wizard';
import type { ActivatedFeatureItem } from '../../schema/iamLists';
import { PlatformError } from '../../schema/errors';
import { sendOperation } from '../../operations/operation';
import { disableFreeFeature } from '../../operations/removals';
import { freeFeaturePickText } from './model/billingPickItems';

export type FreeFeatureCommandDeps = Pick<FeatureContext, 'log' | 'ui' | 'registerBoundCommand'>;

const FEATURE_ID = () => operationField(disableFreeFeature, 'activatedFeatureId');

/** An argument naming the feature: the list's item (used as is) or its id (read first, to name it). */
function givenFeature(arg: unknown): ActivatedFeatureItem | number | undefined {
  if (typeof arg === 'number' && FEATURE_ID().safeParse(arg).success) return arg;
  if (typeof arg === 'object' && arg !== null && typeof (arg as { id?: unknown }).id === 'number' && FEATURE_ID().safeParse((arg as { id: number }).id).success)
    return arg as ActivatedFeatureItem;
  return undefined;
}

export function registerFreeFeatureCommands(deps: FreeFeatureCommandDeps): vscode.Disposable[] {
  const { log } = deps;

  const pick = async (bound: BoundConnection): Promise<ActivatedFeatureItem | number | undefined> => {
    const listed = new Map<number, ActivatedFeatureItem>();
    const done = await runWizard<{ activatedFeatureId?: number }>(
      {},
      {
        title: `Disable Free Feature on ${bound.connection.name}`,
        ui: deps.ui(),
        steps: [
          fieldStep(disableFreeFeature, 'activatedFeatureId', {
            list: () => ({
              noun: 'activated free feature',
              load: (fresh) => bound.lists.load<ActivatedFeatureItem>('listFreeFeatures', '', () => bound.api.iam.listFreeFeatures({ params: {} }), { fresh }),
              missing: () => bound.lists.isMissing('listFreeFeatures'),
              logError: (error) => log.error('Could not list the activated free features', error),
              item: (feature: ActivatedFeatureItem) => {
                listed.set(feature.id, feature);
                return { ...freeFeaturePickText(feature, Date.now()), value: feature.id };
              },
            }),
          }),
        ],
      },
    );
    // A feature picked from the list is the one the list showed (no second read); a typed id is read first.
    const id = done?.activatedFeatureId;
    return id === undefined ? undefined : (listed.get(id) ?? id);
  };

  /** True when the platform confirmed; every other outcome is a notification. */
  const disable = async (bound: BoundConnection, arg?: unknown): Promise<boolean> => {
    const ui = deps.ui();
    const { api, connection } = bound;
    const chosen = givenFeature(arg) ?? (await pick(bound));
    if (chosen === undefined) return false;
    const id = typeof chosen === 'number' ? chosen : chosen.id;
    const gone = `No activated free feature ${id} on ${connection.name}: nothing was disabled.`;
    let feature: ActivatedFeatureItem;
    if (typeof chosen === 'number') {
      try {
        feature = {
          ...(await ui.progress(`Reading activated free feature ${id} from ${connection.name}…`, false, () =>
            disableFreeFeature.read(api, { activatedFeatureId: id }),
          )),
          id,
        };
      } catch (error) {
        if (error instanceof PlatformError && error.kind === 'notFound') {
          log.error(gone, error);
          await ui.notify('warning', gone);
        } else await notifyError(`Could not read activated free feature ${id} from ${connection.name}`, error, { log, ui, connectionName: connection.name });
        return false;
      }
    } else feature = chosen;
    // The words, facts and class are the catalog operation's: the chat tool and MCP confirm the same.
    if (!(await confirmOperation(ui, disableFreeFeature, { activatedFeatureId: id }, feature, connection))) return false;
    const name = freeFeaturePickText(feature, Date.now()).label;
    try {
      await ui.progress(`Disabling ${name} on ${connection.name}…`, false, () => sendOperation(api, disableFreeFeature.request({ activatedFeatureId: id })));
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'notFound') {
        log.error(gone, error);
        await ui.notify('warning', gone);
      } else await notifyError(`Could not disable ${name} (activated feature ${id})`, error, { log, ui, connectionName: connection.name });
      return false;
    }
    // The kept list still holds it: the next pick reads again.
    bound.lists.forget();
    log.info(`Activated free feature ${id} (${name}) disabled on ${connection.name}`);
    await ui.notify('info', `${name} disabled${typeof feature.client_id === 'number' ? ` for client ${feature.client_id}` : ''} on ${connection.name}.`);
    return true;
  };

  return [deps.registerBoundCommand('platformConsole.disableFreeFeature', (bound, arg) => disable(bound, arg))];
}
