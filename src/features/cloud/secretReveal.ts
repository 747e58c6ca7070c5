// Go to Secret…'s last step: the chosen secret revealed and selected in the Cloud view. The region's
// Secrets group is found from the roots (so its parent chain is the view's); a row beyond the pages
// in hand is read up to (cancellable, appended in order, one redraw); a filter that hides it says so.
import type { BoundConnection } from '../../connections/connectionManager';
import type { SecretItem } from '../../schema/cloudLists';
import { PlatformError } from '../../schema/errors';
import type { CloudPlace } from '../../ui/cloudTarget';
import type { FeatureContext } from '../../ui/featureContext';
import { notifyError } from '../../ui/notify';
import { CloudGroupNode, ProjectNode, RegionNode } from './cloudNodes';
import type { CloudTree } from './cloudTree';
import { filterWords, secretLabel } from './model/secretFilter';

export interface RevealDeps extends Pick<FeatureContext, 'log' | 'ui'> {
  tree: CloudTree;
}

/** The Secrets group of `place` as the view lists it, its parents set; undefined when the view does not list that project or region. */
export async function secretsGroupOf(tree: CloudTree, place: CloudPlace): Promise<CloudGroupNode | undefined> {
  const project = (await tree.getChildren()).find((n) => n instanceof ProjectNode && n.project.id === place.projectId);
  if (!project) return undefined;
  const region = (await tree.getChildren(project)).find((n) => n instanceof RegionNode && n.place.regionId === place.regionId);
  if (!region) return undefined;
  return (await tree.getChildren(region)).find((n): n is CloudGroupNode => n instanceof CloudGroupNode && n.kind === 'secrets');
}

const cancelled = (error: unknown) => error instanceof PlatformError && error.kind === 'cancelled';

/** Reveals and selects `secret` in the view; false (said in a message) when it cannot be shown. */
export async function revealSecret(deps: RevealDeps, bound: BoundConnection, place: CloudPlace, regionName: string, secret: SecretItem): Promise<boolean> {
  const { tree, log } = deps;
  const ui = deps.ui();
  const name = secretLabel(secret);
  const where = `the secrets of ${regionName} on ${bound.connection.name}`;
  const group = await secretsGroupOf(tree, place);
  if (!group?.secrets) {
    void ui.notify('warning', `${name} is not shown: the Cloud view does not list region ${regionName} of project ${place.projectId}`);
    return false;
  }
  const filtered = tree.secretFilter(place);
  if (filtered && !filtered.items.some((s) => s.id === secret.id)) {
    const choice = await ui.notify('info', `${name} is not shown: the view's filter ${filterWords(filtered.filter)} hides it`, ['Clear Filter']);
    if (choice !== 'Clear Filter') return false;
    tree.clearSecretFilter(place);
  }
  const is = (s: SecretItem) => s.id === secret.id;
  if (!tree.secretFilter(place)) {
    const pages = tree.secretPages(place);
    await pages.ensure();
    if (pages.error !== undefined) {
      await notifyError(`Could not read ${where}`, pages.error, { log, ui, connectionName: bound.connection.name });
      return false;
    }
    if (!pages.items.some(is) && pages.next !== undefined) {
      const before = pages.items.length;
      try {
        const added = await ui.progress(`Reading ${where} up to ${name}`, true, (report, signal) => pages.readUntil(bound, is, report, signal));
        // One redraw for every page read: the range they fill, or the group when ranges were added.
        if (added) group.secrets.shown().rows.grown(before);
      } catch (error) {
        if (!cancelled(error)) await notifyError(`Could not read ${where}`, error, { log, ui, connectionName: bound.connection.name });
        return false;
      }
    }
  }
  const { items, rows } = group.secrets.shown();
  const index = items.findIndex(is);
  const node = index < 0 ? undefined : rows.rowAt(index);
  if (!node) {
    // Read to the end without it (deleted meanwhile), or Cancel pressed before its page.
    if (tree.secretPages(place).next === undefined || tree.secretFilter(place))
      void ui.notify('warning', `${name} is not in the list of ${regionName} any more: Refresh shows the list as it is now`);
    return false;
  }
  await tree.revealRow(node);
  return true;
}
