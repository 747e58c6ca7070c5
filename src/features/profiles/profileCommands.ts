// The Protection Profiles commands: Refresh, Filter by Name…, Filter by Client…, Sort…, Clear
// Filters, and per profile Rename…, Change Template…, Edit Fields…, Copy ID, Copy as JSON. Each
// works from the view (its node) and from the command palette (picking the profile first). The
// three edits are one catalog operation (src/operations/protectionProfiles.ts): its confirmation
// and request.
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import type { FeatureContext } from '../../ui/featureContext';
import { fieldValueText, fieldsBody, renameBody, templateBody } from './model/profileEdits';
import { buildOrderBy, clientFilterProblem, nameFilterProblem, parseOrderBy, type ProfileFilters } from './model/profileQuery';
import { profileDescription, profileJson, profileLabel } from './model/profileText';
import { fieldProblem } from '../../ui/fieldRules';
import { runWizard, stepIndex, type WizardStep } from '../../ui/wizard';
import { notifyError } from '../../ui/notify';
import { profileListQuery, type ProfilePatchRequest, type ProtectionProfile } from '../../schema/security';
import {
  NAME_STEP,
  TEMPLATE_STEP,
  VALUE_STEP,
  fieldSteps,
  pickProfileStep,
  renameSteps,
  startFrom,
  templateSteps,
  type ProfileEditState,
} from './profileEditFlows';
import { FieldNode, profileNodeOf } from './profileNodes';
import type { ProfilesTree } from './profilesTree';
import { promptSignIn } from '../../ui/bindActiveConnection';
import { confirmOperation } from '../../ui/confirmOperation';
import { sendOperation, type OperationRequest } from '../../operations/operation';
import { updateProtectionProfile as updateOp, type ProfileChangeThing } from '../../operations/protectionProfiles';

export interface ProfileCommandDeps extends Pick<FeatureContext, 'connections' | 'log' | 'ui' | 'registerBoundCommand' | 'registerUnboundCommand'> {
  tree: ProfilesTree;
}

/** One edit: its words, its steps, the body it sends (undefined: nothing changed), where Retry reopens. */
interface EditSpec {
  title: string;
  /** "rename" -> "Could not rename …". */
  verb: string;
  progress: string;
  steps(bound: BoundConnection): WizardStep<ProfileEditState>[];
  body(s: ProfileEditState): ProfilePatchRequest | undefined;
  retryStep(s: ProfileEditState): string;
  done(before: ProtectionProfile, after: ProtectionProfile, s: ProfileEditState): string;
}

/** Sort choices: the wire text of the first key ('' = the platform's default order). */
const FIRST_KEYS = [
  { label: 'Default order', description: "the platform's: newest first (no order_by sent)", value: '' },
  { label: 'Created: newest first', description: 'order_by -created_at', value: '-created_at' },
  { label: 'Created: oldest first', description: 'order_by created_at', value: 'created_at' },
  { label: 'Name: A to Z', description: 'order_by name', value: 'name' },
  { label: 'Name: Z to A', description: 'order_by -name', value: '-name' },
];
const THEN_NOTHING = { label: 'Nothing else', description: "ties in the platform's order", value: '' };

interface SortState {
  first?: string;
  then?: string;
}

export function registerProfileCommands(deps: ProfileCommandDeps): vscode.Disposable[] {
  const { tree, connections, log } = deps;

  const signInFirst = () => promptSignIn(deps.ui());

  /** Runs a one-or-two-step filter wizard, then reloads with the result. */
  const filterCommand = (title: string, steps: (f: ProfileFilters) => WizardStep<ProfileFilters>[]) => async () => {
    const current = tree.currentFilters;
    const next = await runWizard<ProfileFilters>({ ...current, sort: [...current.sort] }, { title, steps: steps(current), ui: deps.ui() });
    if (next) await tree.setFilters(next);
  };

  const filterByName = filterCommand('Filter Protection Profiles by Name', () => [
    {
      prompt: async (f, ctx) => {
        const typed = await ctx.input({
          prompt: 'Show the profiles whose name contains this text (matched by the platform, any case); empty for all',
          value: f.name ?? '',
          placeholder: 'e.g. web',
          validate: nameFilterProblem,
        });
        f.name = typed === '' ? undefined : typed;
      },
    },
  ]);

  const filterByClient = filterCommand('Filter Protection Profiles by Client', () => [
    {
      prompt: async (f, ctx) => {
        const typed = await ctx.input({
          prompt: 'Show the profiles of this client ID (1 to 1000000000); empty for all',
          value: f.clientId === undefined ? '' : String(f.clientId),
          validate: clientFilterProblem,
        });
        f.clientId = typed.trim() ? Number(typed.trim()) : undefined;
      },
    },
  ]);

  const sort = async () => {
    const current = tree.currentFilters;
    const [first, then] = current.sort.map((k) => buildOrderBy([k]) ?? '');
    const state: SortState = {};
    const done = await runWizard<SortState>(state, {
      title: 'Sort Protection Profiles',
      ui: deps.ui(),
      steps: [
        {
          prompt: async (s, ctx) => {
            s.first = await ctx.pick({
              placeholder: 'Sort by',
              items: FIRST_KEYS,
              activeValue: FIRST_KEYS.find((i) => i.value === (s.first ?? first ?? ''))?.value,
            });
          },
        },
        {
          // Counted as a step until the first pick says "Default order".
          shouldPrompt: (s) => s.first !== '',
          prompt: async (s, ctx) => {
            const field = s.first!.replace(/^-/, '');
            const items = [THEN_NOTHING, ...FIRST_KEYS.filter((i) => i.value && i.value.replace(/^-/, '') !== field)];
            s.then = await ctx.pick({ placeholder: 'Then by', items, activeValue: items.find((i) => i.value === (s.then ?? then ?? ''))?.value });
          },
        },
      ],
    });
    if (!done) return;
    const orderBy = [done.first, done.first ? done.then : ''].filter(Boolean).join(',');
    const problem = fieldProblem(profileListQuery.shape.order_by, orderBy, 'Order');
    const keys = parseOrderBy(orderBy);
    if (problem || !keys) return void deps.ui().notify('error', problem ?? `Order: cannot sort by "${orderBy}"`);
    await tree.setFilters({ ...current, sort: keys });
  };

  /** Says why there is no profile to pick (the list is empty, or could not be loaded: already notified). */
  const noProfileToPick = () =>
    void deps
      .ui()
      .notify('info', tree.profiles ? 'There is no protection profile to pick: the list is empty.' : 'The protection profiles could not be loaded.');

  /**
   * The profile a command is about: its node, else one picked from the loaded list. `bound`: the
   * connection the person is looking at now; every request of this edit, Retry included, goes there.
   */
  const startEdit = async (bound: BoundConnection, spec: EditSpec, arg: unknown) => {
    const node = profileNodeOf(arg);
    const state: ProfileEditState = {};
    if (node) startFrom(state, node.profile);
    if (arg instanceof FieldNode && typeof arg.field.template_field_id === 'number') {
      state.fieldChoice = arg.field.template_field_id;
      state.fieldId = arg.field.template_field_id;
      state.fieldPreset = true;
    }
    let profiles: readonly ProtectionProfile[] = [];
    if (!state.profile) {
      profiles = (await tree.ensureLoaded()) ?? [];
      if (profiles.length === 0) return noProfileToPick();
    }
    const selected = profileNodeOf(tree.view.selection[0])?.profile.id;
    const steps = [pickProfileStep(profiles, bound.api, selected), ...spec.steps(bound)];
    await runEdit(spec, bound, state, steps);
  };

  /** The platform's list carries no field values: read them before offering the fields to edit. */
  const readFields =
    (bound: BoundConnection) =>
    (profile: ProtectionProfile): Promise<ProtectionProfile> =>
      deps.ui().progress(`Reading the field values of "${profileLabel(profile)}" from ${bound.connection.name}…`, false, async () => {
        const full = await tree.readProfile(profile.id, bound);
        // The tree shows this same object: its Fields row now has the values too.
        profile.fields = full.fields ?? [];
        const node = tree.idPrefix === bound.connection.id ? tree.nodeFor(profile.id) : undefined;
        if (node) tree.refresh(node);
        return profile;
      });

  const runEdit = async (
    spec: EditSpec,
    bound: BoundConnection,
    state: ProfileEditState,
    steps: WizardStep<ProfileEditState>[],
    startAt?: number,
  ): Promise<void> => {
    const ui = deps.ui();
    const { api, connection } = bound;
    let done: ProfileEditState | undefined;
    try {
      done = await runWizard(state, { title: `${spec.title} on ${connection.name}`, steps, ui, startAt });
    } catch (error) {
      // Only a read inside the flow can fail here (a typed profile, or the field values): nothing was sent.
      const what = state.profile ? `the field values of "${profileLabel(state.profile)}"` : `protection profile ${state.protection_profile_id ?? ''}`.trim();
      await notifyError(`Could not read ${what}; nothing was sent`, error, { log, ui, connectionName: connection.name });
      return;
    }
    if (!done) return;
    const before = done.profile!;
    const body = spec.body(done);
    if (!body) return void ui.notify('info', `Nothing changed on "${profileLabel(before)}": nothing was sent.`);
    const input = { protection_profile_id: before.id, ...body };
    let request: OperationRequest;
    try {
      request = updateOp.request(input);
    } catch (error) {
      await notifyError(`Nothing was sent for protection profile "${profileLabel(before)}"`, error, { log, ui, connectionName: connection.name });
      return;
    }
    // Read first, so the confirmation shows the profile as it is now and what the change loses; a failed read asks nothing.
    let thing: ProfileChangeThing;
    try {
      thing = await ui.progress(`Reading protection profile "${profileLabel(before)}" from ${connection.name}…`, false, () => updateOp.read(api, input));
    } catch (error) {
      await notifyError(`Could not read protection profile "${profileLabel(before)}"; nothing was sent`, error, { log, ui, connectionName: connection.name });
      return;
    }
    // The words, facts and class (destructive when values are lost) are the catalog operation's: the chat tool and MCP confirm the same.
    if (!(await confirmOperation(ui, updateOp, input, thing, connection))) return;
    try {
      const updated = (await ui.progress(`${spec.progress} "${profileLabel(before)}" on ${connection.name}…`, false, () =>
        sendOperation(api, request),
      )) as ProtectionProfile;
      // Shown where the view still lists this connection's profiles (never in another's list).
      if (tree.idPrefix === connection.id) tree.applyUpdate(updated);
      const message = spec.done(before, updated, done);
      log.info(`Protection profile ${updated.id}: ${message}`);
      void ui.notify('info', message);
    } catch (error) {
      const choice = await notifyError(`Could not ${spec.verb} protection profile "${profileLabel(before)}"`, error, {
        log,
        ui,
        connectionName: connection.name,
        actions: ['Retry'],
        signInAgain: () => vscode.commands.executeCommand('platformConsole.signIn', { name: connection.name, baseUrl: connection.baseUrl }),
      });
      // Retry reopens the flow at the value typed, filled in with it: nothing typed is lost.
      if (choice === 'Retry') return runEdit(spec, bound, done, steps, stepIndex(steps, spec.retryStep(done)));
    }
  };

  const rename: EditSpec = {
    title: 'Rename Protection Profile',
    verb: 'rename',
    progress: 'Renaming',
    steps: () => renameSteps(),
    body: (s) => (s.name === s.profile!.name ? undefined : renameBody(s.name!)),
    retryStep: () => NAME_STEP,
    done: (before, after) => `Renamed "${profileLabel(before)}" to "${profileLabel(after)}".`,
  };

  const changeTemplate: EditSpec = {
    title: 'Change Template of Protection Profile',
    verb: 'change the template of',
    progress: 'Changing the template of',
    steps: () => templateSteps(tree.knownTemplates()),
    body: (s) => (s.template_id === s.profile!.template?.id ? undefined : templateBody(s.template_id!)),
    retryStep: () => TEMPLATE_STEP,
    done: (_before, after) => `"${profileLabel(after)}" now uses template ${after.template?.id ?? '?'} (${after.template?.name ?? 'no name'}).`,
  };

  const editFields: EditSpec = {
    title: 'Edit Fields of Protection Profile',
    verb: 'edit the fields of',
    progress: 'Saving the fields of',
    steps: (bound) => fieldSteps(readFields(bound)),
    body: (s) => {
      const current = s.profile!.fields ?? undefined;
      const existing = current?.find((f) => f.template_field_id === s.fieldId);
      if (existing && fieldValueText(existing.value) === s.value && !s.fieldName) return undefined;
      return fieldsBody(current, { templateFieldId: s.fieldId!, value: s.value!, name: s.fieldName });
    },
    retryStep: () => VALUE_STEP,
    done: (_before, after, s) => `Field ${s.fieldId} of "${profileLabel(after)}" set to "${s.value}".`,
  };

  /** Copy ID / Copy as JSON: the node's profile, else one picked from the loaded list. */
  const copy = (what: 'id' | 'json') => async (arg: unknown) => {
    let profile = profileNodeOf(arg)?.profile;
    if (!profile) {
      if (!connections.signedIn) return signInFirst();
      const profiles = (await tree.ensureLoaded()) ?? [];
      if (profiles.length === 0) return noProfileToPick();
      const picked = await deps.ui().pick({
        title: what === 'id' ? 'Copy Protection Profile ID' : 'Copy Protection Profile as JSON',
        step: 1,
        totalSteps: 1,
        canGoBack: false,
        placeholder: 'Protection profile to copy (type to filter by name)',
        items: profiles.map((p) => ({ label: profileLabel(p), description: `#${p.id} · ${profileDescription(p)}`, value: p })),
      });
      if (typeof picked !== 'object') return;
      profile = picked;
    }
    await vscode.env.clipboard.writeText(what === 'id' ? String(profile.id) : profileJson(profile));
    vscode.window.setStatusBarMessage(`$(check) Copied ${what === 'id' ? `ID ${profile.id}` : 'JSON'} of protection profile "${profileLabel(profile)}"`, 4000);
  };

  return [
    // Refresh, the filters and sort read the active connection's list: without a key, Sign In is offered.
    deps.registerBoundCommand('platformConsole.refreshProfiles', () => tree.reload()),
    deps.registerBoundCommand('platformConsole.filterProfilesByName', filterByName),
    deps.registerBoundCommand('platformConsole.filterProfilesByClient', filterByClient),
    deps.registerBoundCommand('platformConsole.sortProfiles', sort),
    deps.registerUnboundCommand('platformConsole.clearProfileFilters', () => tree.clearFilters()),
    deps.registerBoundCommand('platformConsole.renameProfile', (bound, arg) => startEdit(bound, rename, arg)),
    deps.registerBoundCommand('platformConsole.changeProfileTemplate', (bound, arg) => startEdit(bound, changeTemplate, arg)),
    deps.registerBoundCommand('platformConsole.editProfileFields', (bound, arg) => startEdit(bound, editFields, arg)),
    deps.registerUnboundCommand('platformConsole.copyProfileId', copy('id')),
    deps.registerUnboundCommand('platformConsole.copyProfileJson', copy('json')),
  ];
}
