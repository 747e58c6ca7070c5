// Create and Delete Protection Profile, and the Templates group, in a real VS Code against the
// simulator: the create walks every field of a template with a field of each kind (a bad value
// refused as typed, Back, defaults filled in), the summary names every value, one POST in the
// simulator's record, the new row revealed and selected; a failed create's Retry shows the same
// summary again; the delete reads the profile, asks for the typed name with the networks named,
// one DELETE, the row gone; the Templates group lists each template's fields and policies.
import * as assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { ProfileNode } from '../../src/features/profiles/profileNodes';
import type { ProtectionProfile } from '../../src/schema/security';
import type { TreeNode } from '../../src/ui/treeNodes';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ACCEPT, PRESS_BACK, ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';

const KEY = testKeys.simulator;

describe('Create and Delete Protection Profile, Templates', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const tree = () => ext.profiles;
  const writes = () =>
    Object.entries(sim.requestCounts())
      .filter(([k]) => !k.startsWith('GET'))
      .map(([k, n]) => `${k} ${n}`);
  const sentBody = (route: string) => Object.values(sim.lastRequests(route))[0]?.body;
  const item = async (node: TreeNode) => tree().getTreeItem(node);
  const text = (value: string | vscode.MarkdownString | vscode.TreeItemLabel | undefined) =>
    typeof value === 'string' ? value : value instanceof vscode.MarkdownString ? value.value : (value?.label ?? '');
  const until = async (test: () => Promise<boolean> | boolean, what: string) => {
    for (let i = 0; i < 200; i++) {
      if (await test()) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    assert.fail(`timed out waiting for ${what}`);
  };
  const api = async () => (await ext.connections.api())!;
  const listed = async () => (await api()).security.listProtectionProfiles({ params: {}, query: {} });

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    connectionId = (await ext.connections.signIn('profile-create', sim.url, KEY)).id;
  });
  beforeEach(async () => {
    sim.reset();
    sim.resetRequests();
    sim.clearFaults('*');
    await tree().setFilters({ sort: [] });
  });
  after(async () => {
    ext.setUi(undefined);
    await tree().setFilters({ sort: [] });
    // The view was shown for the reveal: hidden again, so later suites' loads are theirs alone.
    await vscode.commands.executeCommand('workbench.view.explorer');
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('creates from a template: every field asked with its description and checked as typed, Back, the summary, one POST; the row revealed and selected', async () => {
    const ui = new ScriptedUi(
      [
        '', // the name: required
        'n'.repeat(101), // too long
        'Shop API shield',
        { pick: 'Service Shield' },
        'Shop API', // Service label: the pattern refuses it
        'shop-api',
        '5', // Request threshold: below its minimum
        PRESS_BACK, // back to the label, which was cleared with its step
        'shop-api',
        '7000',
        '2', // Suspicion ratio: above its maximum
        ACCEPT, // its default, 0.8
        'maybe', // Challenge bots: not a boolean
        'true',
        'drop', // Action: not one of its values
        'block',
        '203.0.113.300', // Allowed addresses: not an IPv4 address
        '203.0.113.7, 198.51.100.2',
        '', // Allowed networks: optional, left out
        'x'.repeat(201), // Note: too long
        '',
      ],
      (_m, actions) => (actions.includes('Create') ? 'Create' : undefined),
    );
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.protectionProfiles.focus');
    const made = await vscode.commands.executeCommand<ProtectionProfile>('platformConsole.createProtectionProfile');
    assert.ok(made, 'the command answers the new profile');

    const inputs = ui.prompts.filter((p) => p.kind === 'input');
    const byPrompt = (start: string) => inputs.filter((p) => p.prompt.startsWith(start));
    assert.deepEqual(byPrompt('Name (1 to 100 characters)')[0]!.refusals, ['Name: must not be empty', 'Name: must be at most 100 characters']);
    const template = ui.prompts.find((p) => p.kind === 'pick')!;
    assert.ok(template.items!.includes('Service Shield') && template.items!.includes('DDoS Protection Standard'));
    assert.equal(template.totalSteps, 2, 'before a template is picked, its fields are not counted');
    const label = byPrompt('Service label');
    assert.equal(
      label[0]!.prompt,
      'Service label: Names the service in reports: 3 to 32 lowercase letters, digits or dashes, starting with a letter (text of 3 to 32 characters matching ^[a-z][a-z0-9-]*$)',
    );
    assert.deepEqual(label[0]!.refusals, ['Service label: must match ^[a-z][a-z0-9-]*$']);
    assert.equal(label.length, 2, 'Back returned to the label');
    assert.equal(label[0]!.totalSteps, 10, 'name, template and 8 fields');
    const threshold = byPrompt('Request threshold');
    assert.equal(threshold[0]!.value, '5000', 'the default filled in');
    assert.deepEqual(threshold[0]!.refusals, ['Request threshold: must be at least 10']);
    assert.deepEqual(byPrompt('Suspicion ratio')[0]!.refusals, ['Suspicion ratio: must be at most 1']);
    assert.deepEqual(byPrompt('Challenge bots')[0]!.refusals, ['Challenge bots: must be true or false']);
    assert.deepEqual(byPrompt('Action')[0]!.refusals, ['Action: must be one of block, challenge, log']);
    assert.deepEqual(byPrompt('Allowed addresses')[0]!.refusals, ['Allowed addresses: item 1 ("203.0.113.300") must be an IPv4 address, e.g. 203.0.113.7']);
    assert.match(byPrompt('Allowed networks')[0]!.prompt, /optional, empty to leave out\)$/);
    assert.deepEqual(byPrompt('Note')[0]!.refusals, ['Note: must be at most 200 characters']);

    assert.equal(ui.confirms.length, 1);
    // The summary's words are the catalog operation's (operationProfiles.test.ts); here: every value typed is in it.
    assert.equal(ui.confirms[0]!.message, 'Create protection profile "Shop API shield" from template Service Shield (ID 7) on profile-create?');
    assert.match(
      ui.confirms[0]!.detail,
      /Name: Shop API shield\nTemplate: Service Shield \(ID 7\)\nField 22: Service label = shop-api\nField 23: Request threshold = 7000\nField 24: Suspicion ratio = 0\.8\nField 25: Challenge bots = true\nField 26: Action = block\nField 27: Allowed addresses = 203\.0\.113\.7, 198\.51\.100\.2\nField 28: Allowed networks = not set\nField 29: Note = not set/,
    );
    assert.deepEqual(writes(), ['POST createProtectionProfile 1']);
    assert.deepEqual(sentBody('createProtectionProfile'), {
      name: 'Shop API shield',
      template_id: 7,
      fields: [
        { template_field_id: 22, value: 'shop-api' },
        { template_field_id: 23, value: 7000 },
        { template_field_id: 24, value: 0.8 },
        { template_field_id: 25, value: true },
        { template_field_id: 26, value: 'block' },
        { template_field_id: 27, value: ['203.0.113.7', '198.51.100.2'] },
      ],
    });
    assert.ok(
      (await listed()).some((p) => p.id === made.id && p.name === 'Shop API shield'),
      'in the simulator',
    );
    await until(() => (tree().view.selection[0] as ProfileNode | undefined)?.profile?.id === made.id, 'the new row selected');
    assert.equal(text((await item(tree().view.selection[0]!)).label), 'Shop API shield');
    assert.ok(
      ui.notifications.some((n) => n.severity === 'info' && /^Created protection profile "Shop API shield" \(ID \d+\) on profile-create/.test(n.message)),
    );
  });

  it('a failed create keeps every value: Retry shows the same summary, and one more POST sends the same', async () => {
    sim.setFault({ route: 'createProtectionProfile', kind: 'status', status: 500, times: 1 });
    const ui = new ScriptedUi(['Retry me', { pick: 'DDoS Protection Standard' }, ACCEPT, ACCEPT, '600', ACCEPT], (_m, a) =>
      a.includes('Create') ? 'Create' : a.includes('Retry') ? 'Retry' : undefined,
    );
    ext.setUi(ui);
    const made = await vscode.commands.executeCommand<ProtectionProfile>('platformConsole.createProtectionProfile');
    assert.ok(made, 'the second attempt created it');
    assert.equal(ui.confirms.length, 2, 'the summary shown again before the second POST');
    assert.equal(ui.confirms[1]!.detail, ui.confirms[0]!.detail, 'with every value kept');
    assert.match(
      ui.confirms[0]!.detail,
      /Field 1: Rate limit \(requests\/s\) = 1000\nField 2: Mode = enabled\nField 3: Ban time \(s\) = 600\nField 4: Log attacks = true/,
    );
    assert.deepEqual(writes(), ['POST createProtectionProfile 2']);
    assert.ok(
      ui.notifications.some((n) => n.severity === 'error' && /^Could not create protection profile "Retry me"/.test(n.message) && n.actions.includes('Retry')),
    );
    assert.deepEqual((await listed()).filter((p) => p.name === 'Retry me').length, 1);
  });

  it('delete: the name typed to confirm, the networks named; one DELETE, the row gone; a profile with networks refused (409)', async () => {
    const made = await (await api()).security.createProtectionProfile({ params: {}, query: {}, body: { name: 'Delete me', template_id: 1 } });
    await tree().reload();
    await tree().getChildren();
    const node = tree().nodeFor(made.id);
    assert.ok(node, 'the new profile is shown');
    sim.resetRequests();
    const ui = new ScriptedUi(['Delete', 'Delete me']);
    ext.setUi(ui);
    assert.equal(await vscode.commands.executeCommand('platformConsole.deleteProtectionProfile', node), true);
    const asked = ui.prompts[0]!;
    // Read first (the typed name is the profile's as it is now), then the catalog operation's typed-name prompt.
    assert.match(
      asked.prompt,
      /^The protection profile Delete me \(Profile Delete me \(ID \d+\), Template DDoS Protection Standard \(ID 1\), Networks none\) on profile-create \([^)]+\) is sent: Delete protection profile Delete me\. It protects no network; it is deleted for good; this cannot be undone\. Type its name, Delete me, to confirm\.$/,
    );
    assert.equal(sim.requestCounts()['GET getProtectionProfile'], 1, 'the profile read once, before the prompt');
    assert.deepEqual(asked.refusals, ['Confirmation: type Delete me exactly']);
    assert.deepEqual(writes(), ['DELETE deleteProtectionProfile 1']);
    assert.equal(
      (await listed()).some((p) => p.id === made.id),
      false,
      'gone from the simulator',
    );
    assert.equal(
      tree().profiles?.some((p) => p.id === made.id),
      false,
      'gone from the view',
    );
    assert.equal(tree().nodeFor(made.id), undefined);

    // From the palette: the profile picked; one that still protects networks names them, and the platform's 409 is shown.
    const guarded = (await listed()).find((p) => p.client_id !== null && (p.networks?.length ?? 0) > 1)!;
    await tree().setFilters({ name: guarded.name ?? undefined, clientId: guarded.client_id ?? undefined, sort: [] });
    const refused = new ScriptedUi([{ pick: guarded.name! }, guarded.name!]);
    ext.setUi(refused);
    assert.equal(await vscode.commands.executeCommand('platformConsole.deleteProtectionProfile'), false);
    const prompt = refused.prompts.find((p) => p.kind === 'input')!.prompt;
    assert.ok(prompt.includes(`Networks ${guarded.networks!.join(', ')}) `), prompt);
    assert.ok(
      prompt.includes(`It still protects ${guarded.networks!.length} networks: the platform refuses to delete a profile while it protects networks (409)`),
      prompt,
    );
    assert.ok(refused.notifications.some((n) => n.severity === 'error' && /Cannot delete profile with existing protected networks/.test(n.message)));
    assert.ok(
      (await listed()).some((p) => p.id === guarded.id),
      'still there',
    );
  });

  it('a failed delete: Retry asks for the typed name again, not for the profile; the second DELETE deletes it', async () => {
    const made = await (await api()).security.createProtectionProfile({ params: {}, query: {}, body: { name: 'Retry delete', template_id: 1 } });
    await tree().reload();
    await tree().getChildren();
    const node = tree().nodeFor(made.id);
    assert.ok(node, 'the new profile is shown');
    sim.resetRequests();
    sim.setFault({ route: 'deleteProtectionProfile', kind: 'status', status: 500, times: 1 });
    const ui = new ScriptedUi(['Retry delete', 'Retry delete'], (_m, actions) => (actions.includes('Retry') ? 'Retry' : undefined));
    ext.setUi(ui);
    assert.equal(await vscode.commands.executeCommand('platformConsole.deleteProtectionProfile', node), true);
    assert.deepEqual(
      ui.prompts.map((p) => p.kind),
      ['input', 'input'],
      'the typed name, then after Retry the typed name again: the profile is not picked again',
    );
    assert.ok(ui.notifications.some((n) => n.severity === 'error' && /^Could not delete protection profile "Retry delete"/.test(n.message)));
    assert.deepEqual(writes(), ['DELETE deleteProtectionProfile 2']);
    assert.equal(
      (await listed()).some((p) => p.id === made.id),
      false,
      'gone from the simulator',
    );
  });

  it('the Templates group: each template, its fields (rule, required, default; description in the tooltip) and its policies, read when opened', async () => {
    await tree().getChildren();
    await tree().settled();
    const roots = await tree().getChildren();
    const group = roots.at(-1)!;
    assert.equal(text((await item(group)).label), 'Templates');
    assert.equal((await item(group)).collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    const templates = await tree().getChildren(group);
    const labels = await Promise.all(templates.map(async (t) => text((await item(t)).label)));
    assert.deepEqual(labels, [
      'DDoS Protection Standard',
      'DDoS Protection Advanced',
      'Game Server Shield',
      'Web Application Firewall',
      'DNS Amplification Guard',
      'Custom TCP Filter',
      'Service Shield',
    ]);
    const shield = templates[6]!;
    assert.match(text((await item(shield)).tooltip), /Per-service thresholds, challenges and allow lists · 8 fields \(4 required\)/);
    const children = await tree().getChildren(shield);
    const rows = await Promise.all(children.map(item));
    assert.equal(rows.length, 9, '8 fields and Policies');
    const threshold = rows.find((r) => text(r.label) === 'Request threshold')!;
    assert.equal(threshold.description, 'whole number 10 to 1000000 · required · default 5000');
    assert.match(text(threshold.tooltip), /Requests per second before the service is protected[\s\S]*- Required: yes[\s\S]*- Default: 5000/);
    assert.equal(rows.find((r) => text(r.label) === 'Allowed addresses')!.description, 'comma-separated list of IPv4 address (at most 20) · optional');
    assert.equal(sim.requestCounts()['GET listProfileTemplatePolicies'] ?? 0, 0, 'policies not read before opened');
    const policies = await tree().getChildren(children.at(-1)!);
    assert.deepEqual(await Promise.all(policies.map(async (p) => text((await item(p)).label))), ['Rate limit', 'JavaScript challenge', 'Allow list']);
    assert.equal(sim.requestCounts()['GET listProfileTemplatePolicies'], 1);
  });
});
