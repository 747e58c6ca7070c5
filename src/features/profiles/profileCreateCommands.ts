// Create Protection Profile… (view title and palette) and Delete Protection Profile… (a profile's
// context menu, or the palette with the profile picked). Create: the wizard (createProfileFlow.ts)
// on the connection it started on, the one summary confirmation, one POST; the new profile revealed
// and selected in the view. A failed create keeps every value: Retry reopens the summary. Delete:
// the profile read, its name typed to confirm, its networks named; one DELETE; the row leaves the
// view. The confirmations and requests are the catalog operations' (src/operations/protectionProfiles.ts).
import * as vscode from 'vscode';
import type * as z from 'zod';
import type { BoundConnection } from '../../connections/connectionManager';
import type { ProtectionProfile } from '../../schema/security';
import { createProtectionProfile as createOp, deleteProtectionProfile as deleteOp } from '../../operations/protectionProfiles';
import { sendOperation, type OperationRequest } from '../../operations/operation';
import { confirmOperation } from '../../ui/confirmOperation';
import type { FeatureContext } from '../../ui/featureContext';
import { notifyError } from '../../ui/notify';
import { fieldStep } from '../../ui/operationSteps';
import { runWizard } from '../../ui/wizard';
import { createProfileSteps } from './createProfileFlow';
import { createBody, type CreateProfileState } from './model/createProfile';
import { profileLabel } from './model/profileText';
import { loadedProfiles } from './profileEditFlows';
import { profileNodeOf } from './profileNodes';
import type { ProfilesTree } from './profilesTree';
import { templateSource } from './templateList';

export const CREATE_PROFILE_COMMAND = 'platformConsole.createProtectionProfile';
export const DELETE_PROFILE_COMMAND = 'platformConsole.deleteProtectionProfile';

export interface ProfileCreateDeps extends Pick<FeatureContext, 'connections' | 'log' | 'ui' | 'registerBoundCommand'> {
  tree: ProfilesTree;
}

export function registerProfileCreateCommands(deps: ProfileCreateDeps): vscode.Disposable[] {
  const { tree, log } = deps;
  const signInAgain = (bound: BoundConnection) => () =>
    vscode.commands.executeCommand('platformConsole.signIn', { name: bound.connection.name, baseUrl: bound.connection.baseUrl });

  /** The summary, then one POST; a failure offers Retry, which shows the summary again with every value. */
  const send = async (bound: BoundConnection, done: CreateProfileState): Promise<ProtectionProfile | undefined> => {
    const ui = deps.ui();
    const { connection } = bound;
    const body = createBody(done) as z.output<ReturnType<typeof createOp.fields>>;
    let request: OperationRequest;
    try {
      request = createOp.request(body);
    } catch (error) {
      await notifyError(`Nothing was sent for protection profile "${body.name}"`, error, { log, ui, connectionName: connection.name });
      return undefined;
    }
    // The template was read with its fields by the wizard's template step: it is the thing confirmed, not read twice.
    if (!(await confirmOperation(ui, createOp, body, done.template, connection))) return undefined;
    let made: ProtectionProfile;
    try {
      made = (await ui.progress(`Creating protection profile "${body.name}" on ${connection.name}…`, false, () =>
        sendOperation(bound.api, request),
      )) as ProtectionProfile;
    } catch (error) {
      const choice = await notifyError(`Could not create protection profile "${body.name}"`, error, {
        log,
        ui,
        connectionName: connection.name,
        actions: ['Retry'],
        signInAgain: signInAgain(bound),
      });
      return choice === 'Retry' ? send(bound, done) : undefined;
    }
    const line = `Created protection profile "${profileLabel(made)}" (ID ${made.id}) on ${connection.name} from template ${made.template?.name ?? body.template_id}.`;
    log.info(line);
    // Shown where the view lists this connection's profiles: the list read again, the new row revealed and selected.
    if (tree.idPrefix === connection.id) {
      await tree.reload();
      const node = tree.rowFor(made);
      if (node) await tree.view.reveal(node, { select: true, focus: true });
    }
    void ui.notify('info', line);
    return made;
  };

  const create = async (bound: BoundConnection): Promise<ProtectionProfile | undefined> => {
    const ui = deps.ui();
    const steps = createProfileSteps(templateSource(bound, log));
    let done: CreateProfileState | undefined;
    try {
      done = await runWizard<CreateProfileState>({}, { title: `Create Protection Profile on ${bound.connection.name}`, steps, ui });
    } catch (error) {
      // Only a read inside the flow can fail here (the template picked; a failed list is shown in the pick): nothing was sent.
      await notifyError('Could not read the protection template; nothing was sent', error, { log, ui, connectionName: bound.connection.name });
      return undefined;
    }
    return done ? send(bound, done) : undefined;
  };

  /** The profile of a row, else one of the loaded list picked, or its id typed (named by its id until it is read). */
  const profileToDelete = async (arg: unknown): Promise<Pick<ProtectionProfile, 'id' | 'name'> | undefined> => {
    const fromNode = profileNodeOf(arg)?.profile;
    if (fromNode) return fromNode;
    const profiles = (await tree.ensureLoaded()) ?? [];
    const ui = deps.ui();
    if (profiles.length === 0)
      return void ui.notify(
        'info',
        tree.profiles ? 'There is no protection profile to delete: the list is empty.' : 'The protection profiles could not be loaded.',
      );
    const listed = new Map(profiles.map((p) => [p.id, p]));
    type PickState = { protection_profile_id?: number };
    const done = await runWizard<PickState>(
      {},
      {
        title: 'Delete Protection Profile',
        ui,
        steps: [
          fieldStep<ReturnType<typeof deleteOp.fields>, 'protection_profile_id', PickState, ProtectionProfile>(deleteOp, 'protection_profile_id', {
            list: () => loadedProfiles(profiles),
          }),
        ],
      },
    );
    const id = done?.protection_profile_id;
    return id === undefined ? undefined : (listed.get(id) ?? { id, name: undefined });
  };

  const remove = async (bound: BoundConnection, arg: unknown): Promise<boolean> => {
    const picked = await profileToDelete(arg);
    return picked ? removePicked(bound, picked) : false;
  };

  /** Reads the profile, asks for its name typed, deletes it; Retry after a failure starts here again (the profile is not picked twice). */
  const removePicked = async (bound: BoundConnection, picked: Pick<ProtectionProfile, 'id' | 'name'>): Promise<boolean> => {
    const ui = deps.ui();
    const { connection } = bound;
    const input = { protection_profile_id: picked.id };
    // Read first, so the typed name and the networks are the profile's as it is now; a failed read asks nothing.
    let profile: ProtectionProfile;
    try {
      profile = await ui.progress(`Reading protection profile "${profileLabel(picked)}" from ${connection.name}…`, false, () =>
        deleteOp.read(bound.api, input),
      );
    } catch (error) {
      await notifyError(`Could not read protection profile "${profileLabel(picked)}"; nothing was sent`, error, { log, ui, connectionName: connection.name });
      return false;
    }
    // The words, facts and typed-name decision are the catalog operation's: the chat tool and MCP confirm the same.
    const confirmed = await confirmOperation(ui, deleteOp, input, profile, connection);
    if (!confirmed) return false;
    try {
      await ui.progress(`Deleting protection profile "${profileLabel(profile)}" on ${connection.name}…`, false, () =>
        sendOperation(bound.api, deleteOp.request(input)),
      );
    } catch (error) {
      const choice = await notifyError(`Could not delete protection profile "${profileLabel(profile)}"`, error, {
        log,
        ui,
        connectionName: connection.name,
        actions: ['Retry'],
        signInAgain: signInAgain(bound),
      });
      // Retry asks for the typed name again (a deletion is never sent without it), not for the profile: it was chosen.
      return choice === 'Retry' ? removePicked(bound, profile) : false;
    }
    if (tree.idPrefix === connection.id) tree.removeProfile(profile.id);
    const line = `Deleted protection profile "${profileLabel(profile)}" (ID ${profile.id}) on ${connection.name}.`;
    log.info(line);
    void ui.notify('info', line);
    return true;
  };

  return [
    deps.registerBoundCommand(CREATE_PROFILE_COMMAND, (bound) => create(bound)),
    deps.registerBoundCommand(DELETE_PROFILE_COMMAND, (bound, arg) => remove(bound, arg)),
  ];
}
