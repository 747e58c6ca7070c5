// Go to Protection Profile…: a pick over every profile of the connection, searched by the platform
// as typed (the list's `name` filter, on the paged list and on /all alike), then the row revealed
// and selected in the view: the view's own pages read up to it first where it is not in hand yet,
// or why the view's filter hides it (with Clear Filters).
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import { PlatformError } from '../../schema/errors';
import { profileListQuery, type ProtectionProfile } from '../../schema/security';
import type { FeatureContext } from '../../ui/featureContext';
import { CANCEL } from '../../ui/flowUi';
import { goToPrompt, type GoToPage } from '../../ui/goTo';
import { notifyError } from '../../ui/notify';
import { filterParts, hidingFilter, shownFor } from './model/profileQuery';
import { profileDescription, profileLabel } from './model/profileText';
import { PAGE_MAX, appendProfilePage, type LoadedList } from './profilePages';
import type { ProfilesTree } from './profilesTree';

export const GO_TO_PROFILE = 'platformConsole.goToProtectionProfile';
/** A search's first page of matches: past it the pick says to type more. */
export const SEARCH_LIMIT = 100;

const count = (n: number) => n.toLocaleString('en-US');

export interface ProfileGoToDeps extends Pick<FeatureContext, 'log' | 'ui' | 'registerBoundCommand'> {
  tree: ProfilesTree;
}

/** The profiles whose name holds `text` (the platform decides how it matches): its first page of them. */
export async function searchProfiles(bound: BoundConnection, text: string, signal: AbortSignal): Promise<GoToPage<ProtectionProfile>> {
  // Checked here, so a name the list refuses is said in the pick and never sent.
  const rule = profileListQuery.shape.name.safeParse(text);
  if (!rule.success) throw new PlatformError({ kind: 'validation', message: `Name: ${rule.error.issues[0]?.message ?? 'invalid'}` });
  const name = text || undefined;
  const { api, lists } = bound;
  if (!lists.isMissing('listProtectionProfilesPaged')) {
    try {
      const page = await api.security.listProtectionProfilesPaged({ params: {}, query: { name, limit: SEARCH_LIMIT, offset: 0 } }, { signal });
      return { items: page.results, total: page.count ?? undefined, more: page.next != null };
    } catch (error) {
      if (!lists.noteMissing('listProtectionProfilesPaged', error)) throw error;
    }
  }
  const all = await api.security.listProtectionProfiles({ params: {}, query: { name } }, { signal });
  return { items: all, total: all.length, more: false };
}

export function registerProfileGoTo(deps: ProfileGoToDeps): vscode.Disposable {
  const { tree, log } = deps;

  const goTo = async (bound: BoundConnection) => {
    const where = bound.connection.name;
    const prompt = goToPrompt<ProtectionProfile>({
      title: 'Go to Protection Profile',
      noun: 'protection profiles',
      item: (p) => ({ label: profileLabel(p), description: `ID ${p.id} · ${profileDescription(p)}`, value: p }),
      search: (text, signal) => searchProfiles(bound, text, signal),
    });
    const failed = (error: unknown) => {
      if (!(error instanceof PlatformError && error.isLocal))
        log.error(`Go to Protection Profile: could not search the protection profiles of ${where}`, error);
    };
    const picked = await deps.ui().search({ ...prompt, failed });
    if (picked === CANCEL) return;
    await reveal(bound, picked);
  };

  /** The profile's row revealed and selected, after the view's pages are read up to it. */
  const reveal = async (bound: BoundConnection, profile: ProtectionProfile): Promise<void> => {
    const name = profileLabel(profile);
    if (tree.idPrefix !== bound.connection.id) return;
    await tree.ensureLoaded();
    const list = tree.list();
    // No list: its load failed, and its own notification says why.
    if (!list) return;
    let index = list.profiles.findIndex((p) => p.id === profile.id);
    const hides = hidingFilter(tree.currentFilters, profile);
    if (index < 0 && hides === undefined && list.paged && list.more) index = await readUpTo(bound, list, profile);
    if (!tree.isCurrent(list)) return;
    if (index < 0) {
      const filtered = hides ?? (filterParts(tree.currentFilters).join(' and ') || undefined);
      if (filtered === undefined) {
        if (list.more) return; // The reading stopped (cancelled, or failed and said so).
        return void deps.ui().notify('warning', `${name} is not in the list of ${bound.connection.name}: it may have been deleted since.`);
      }
      const choice = await deps.ui().notify('info', `${name} is not shown: the view's filter ${filtered} hides it`, ['Clear Filters']);
      if (choice !== 'Clear Filters') return;
      await tree.clearFilters();
      return reveal(bound, profile);
    }
    if (index >= list.shown) {
      // A list held whole (a spec-only server): whole pages shown up to the row, one redraw.
      const before = list.shown;
      list.shown = shownFor(index, list.shown, tree.pageSize, list.profiles.length);
      tree.rows.chunks.grown(before);
    }
    const node = tree.rows.rowAt(index);
    if (node) await tree.revealRow(node);
  };

  /**
   * The view's next pages (its filters and order, the largest page the list gives) until the
   * profile is among them, under a progress notification that can be cancelled: appended to the
   * view's list in order, then one redraw. The profile's index, or -1.
   */
  const readUpTo = (bound: BoundConnection, list: LoadedList, profile: ProtectionProfile): Promise<number> => {
    const before = list.shown;
    const title = `Reading protection profiles up to ${profileLabel(profile)}`;
    return deps
      .ui()
      .progress(title, true, async (report, signal) => {
        let index = -1;
        try {
          while (index < 0 && list.more && tree.isCurrent(list) && !signal.aborted) {
            const fresh = await appendProfilePage(bound, list, tree.pageQuery(PAGE_MAX), signal);
            if (!tree.isCurrent(list)) break;
            tree.noteTemplates(fresh);
            index = list.profiles.findIndex((p) => p.id === profile.id);
            report(list.total !== undefined ? `${count(list.profiles.length)} of ${count(list.total)} read` : `${count(list.profiles.length)} read`);
          }
        } catch (error) {
          if (tree.isCurrent(list) && !(error instanceof PlatformError && error.kind === 'cancelled'))
            void notifyError(`Could not read the protection profiles up to ${profileLabel(profile)}`, error, {
              log,
              ui: deps.ui(),
              connectionName: bound.connection.name,
            });
        }
        return index;
      })
      .finally(() => {
        if (!tree.isCurrent(list) || list.profiles.length === before) return;
        list.shown = list.profiles.length;
        tree.rows.chunks.grown(before);
      });
  };

  return deps.registerBoundCommand(GO_TO_PROFILE, goTo);
}
