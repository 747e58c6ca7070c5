// The bad-input table, in the flows and forms where a person types (docs/badInput.md), in a real
// VS Code against the simulator. Each row drives one command with scripted answers: the value just
// outside the rule is refused at its step with a message naming the field and the rule, and
// nothing is sent (the simulator counts requests); the value at the boundary is accepted by that
// step, and where the row completes the flow the simulator received exactly that value.
// The second part: values the server sends that break the spec's limits on read-only data
// (edge app and template names, statuses, descriptions) are shown as sent, never refused.
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { SimulatorControl } from '../../simulator/controlClient';
import { startSimulator, type Simulator } from '../../simulator/index';
import { defaultPricingState, emptyInterface, type PricingEvent, type PricingState } from '../../src/protocol/pricing';
import type { PricingSession } from '../../src/features/pricing/pricingSession';
import type { TreeNode } from '../../src/ui/treeNodes';
import { ACCEPT, PRESS_ESCAPE, ScriptedUi, type Answer } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';
import { fence } from './support/fence';
import { signOutOf } from './support/isolation';
import { until } from './support/until';

const KEY = testKeys.simulator;
const MAX_ID = '9007199254740991';
const PAST_MAX_ID = '9007199254740992';
const EMAIL_254 = `${'a'.repeat(64)}@${['b'.repeat(63), 'c'.repeat(63), 'd'.repeat(57), 'com'].join('.')}`;
const EMAIL_255 = `${'a'.repeat(64)}@${['b'.repeat(63), 'c'.repeat(63), 'd'.repeat(58), 'com'].join('.')}`;
const FUNCTION_NAME_RULE =
  'must be 2 to 26 characters: lowercase letters, digits and "-", starting with a letter and not ending with "-" (^[a-z][-a-z0-9]{0,24}[a-z0-9]$)';

// Labels of the flows' picks.
const SOURCE_TEXT = '$(key) Type the value';
const WITH_DETAILS = 'Set algorithm, bit length, mode or expiration…';
const SUBMIT_SECRET = '$(check) Create Secret';
const ADD_CRON = '$(add) Add a cron schedule…';
const ADD_INTERVAL = '$(add) Add an interval schedule…';
const TYPE_HOURS = '$(edit) Type a comma-separated list instead…';
const KEEP = '$(check) Keep this schedule';
const ADD_PARAMETER = '$(add) Add Parameter…';
const CONTINUE = '$(arrow-right) Continue to Summary';
const SUBMIT_REPORT = '$(check) Create Report';
const OTHER_TEMPLATE = '$(edit) Enter a template ID…';
const ADD_FIELD = '$(add) Add a field…';

interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

interface FlowRow {
  /** Endpoint, field and rule, as in docs/badInput.md. */
  rule: string;
  command: string;
  /** Command arguments (a tree node), computed just before the run. */
  args?: () => Promise<unknown[]>;
  /** Answers that reach the step. */
  reach: Answer[];
  /** The step's prompt starts with this. */
  step: string;
  outside: string;
  refusal: string;
  boundary: string;
  /** `POST createSecret`: the request the flow sends. */
  route: string;
  /** Answers after the boundary; by default Escape (twice, for nested wizards), and nothing is sent. */
  then?: Answer[];
  /** Refusals on the same step after the boundary passed its rule (an id the platform answers 404 for). */
  laterRefusals?: string[];
  /** The boundary completed the flow: what the simulator must have received (once, unless `polls`). */
  sends?: (request: SentRequest) => void;
  /** The flow keeps reading (a log panel, a list): at least one request rather than exactly one. */
  polls?: boolean;
  /** Waits for what the command starts but does not await (a list reload, a panel's first read). */
  settle?: () => Promise<unknown>;
}

describe('bad input, in the flows where it is typed', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  const cloud = () => vscode.workspace.getConfiguration('platformConsole.cloud');
  const sent = (route: string) => sim.requestCounts()[route] ?? 0;
  const last = async (route: string): Promise<SentRequest> => {
    const request = (await new SimulatorControl(sim.url, sim.controlToken).lastRequests(route.split(' ')[1]))[route] as SentRequest | undefined;
    assert.ok(request, `the simulator received no ${route}`);
    return request;
  };
  const profiles = () => ext.profiles;
  /** The tree node of profile 1 (client 1, patchable), found by filtering on its current name. */
  const profileOne = async (): Promise<unknown[]> => {
    const api = await ext.connections.api();
    const profile = (await api!.security.listProtectionProfiles({ params: {}, query: { client_id: 1 } })).find((p) => p.id === 1)!;
    await profiles().setFilters({ name: profile.name ?? undefined, clientId: 1, sort: [] });
    await profiles().getChildren();
    await profiles().settled();
    const node = profiles().nodeFor(1);
    assert.ok(node, 'profile 1 is shown');
    return [node];
  };
  const reloadProfiles = async () => {
    await profiles().getChildren();
    await profiles().settled();
  };
  const closePanels = () => ext.logs.panels.forEach((p) => p.dispose());

  const secretTo = (expiration: Answer): Answer[] => [ACCEPT, ACCEPT, 'n', 'opaque', SOURCE_TEXT, 'value', ACCEPT, WITH_DETAILS, '', '1', '', expiration];
  const interval: Answer[] = [ACCEPT, ACCEPT, '10', ADD_INTERVAL];
  const cronHours: Answer[] = [ACCEPT, ACCEPT, '10', ADD_CRON, { pick: ['Monday'] }, { pick: [TYPE_HOURS] }];
  const storageChoice = (message: string, actions: readonly string[]) => (actions.includes('Continue') ? 'Continue' : undefined);
  // The profile edits' modal (the catalog operation's button).
  const templateChoice = (_message: string, actions: readonly string[]) => (actions.includes('Save') ? 'Save' : undefined);

  const rows: FlowRow[] = [
    // ---- Create Secret (endpoint 1) ----
    {
      rule: 'createSecret project_id >= 1',
      command: 'platformConsole.createSecret',
      reach: [],
      step: 'Project ID',
      outside: '0',
      refusal: 'Project ID: must be at least 1',
      boundary: '1',
      route: 'POST createSecret',
    },
    {
      rule: 'createSecret project_id <= 2^53-1',
      command: 'platformConsole.createSecret',
      reach: [],
      step: 'Project ID',
      outside: PAST_MAX_ID,
      refusal: `Project ID: must be at most ${MAX_ID}`,
      boundary: MAX_ID,
      route: 'POST createSecret',
    },
    {
      rule: 'createSecret region_id >= 1',
      command: 'platformConsole.createSecret',
      reach: [ACCEPT],
      step: 'Region ID',
      outside: '0',
      refusal: 'Region ID: must be at least 1',
      boundary: '1',
      route: 'POST createSecret',
    },
    {
      rule: 'createSecret name required',
      command: 'platformConsole.createSecret',
      reach: [ACCEPT, ACCEPT],
      step: 'Secret name',
      outside: ' ',
      refusal: 'Secret name: must not be empty',
      boundary: 'a',
      route: 'POST createSecret',
    },
    {
      rule: 'createSecret payload_content_type required',
      command: 'platformConsole.createSecret',
      reach: [ACCEPT, ACCEPT, 'n', 'opaque', SOURCE_TEXT, 'value'],
      step: 'Payload content type',
      outside: ' ',
      refusal: 'Payload content type: must not be empty',
      boundary: 'a/b',
      route: 'POST createSecret',
    },
    {
      rule: 'createSecret payload_content_type not text/plain',
      command: 'platformConsole.createSecret',
      reach: [ACCEPT, ACCEPT, 'n', 'opaque', SOURCE_TEXT, 'value'],
      step: 'Payload content type',
      outside: 'TEXT/PLAIN; charset=utf-8',
      refusal: 'Payload content type: text/plain is incompatible with base64 encoding (the only encoding the API takes); use e.g. application/octet-stream',
      boundary: 'text/csv',
      route: 'POST createSecret',
    },
    {
      rule: 'createSecret bit_length > 0',
      command: 'platformConsole.createSecret',
      reach: [ACCEPT, ACCEPT, 'n', 'opaque', SOURCE_TEXT, 'value', ACCEPT, WITH_DETAILS, ''],
      step: 'Bit length',
      outside: '0',
      refusal: 'Bit length: must be greater than 0',
      boundary: '1',
      route: 'POST createSecret',
    },
    {
      rule: 'createSecret bit_length <= 2^53-1',
      command: 'platformConsole.createSecret',
      reach: [ACCEPT, ACCEPT, 'n', 'opaque', SOURCE_TEXT, 'value', ACCEPT, WITH_DETAILS, ''],
      step: 'Bit length',
      outside: PAST_MAX_ID,
      refusal: `Bit length: must be at most ${MAX_ID}`,
      boundary: MAX_ID,
      route: 'POST createSecret',
    },
    {
      rule: 'createSecret expiration ISO 8601 without zone',
      command: 'platformConsole.createSecret',
      reach: secretTo('2099-12-31T23:59:60').slice(0, -1),
      step: 'Expiration',
      outside: '2099-12-31T23:59:60',
      refusal: 'Expiration: must be an ISO 8601 date-time without time zone, like 2030-12-31T23:59:59',
      boundary: '2099-12-31T23:59:59.999999',
      route: 'POST createSecret',
      then: [SUBMIT_SECRET],
      sends: (r) => {
        assert.equal(r.path, '/cloud/v1/secrets/1/1');
        assert.deepEqual(r.body, {
          // The request log keeps a secret's payload as its length only (the base64 of 'value': 8 characters).
          name: 'n',
          payload: '[redacted: 8 characters]',
          payload_content_encoding: 'base64',
          payload_content_type: 'application/octet-stream',
          secret_type: 'opaque',
          algorithm: null,
          bit_length: 1,
          mode: null,
          expiration: '2099-12-31T23:59:59.999999',
        });
      },
    },
    {
      rule: 'createSecret name >= 1 character (completed at the boundary)',
      command: 'platformConsole.createSecret',
      reach: [ACCEPT, ACCEPT],
      step: 'Secret name',
      outside: '',
      refusal: 'Secret name: must not be empty',
      boundary: 'a',
      route: 'POST createSecret',
      then: ['opaque', SOURCE_TEXT, 'v', 'a/b', 'No optional metadata', SUBMIT_SECRET],
      sends: (r) => assert.deepEqual([(r.body as { name: string }).name, (r.body as { payload_content_type: string }).payload_content_type], ['a', 'a/b']),
    },
    // ---- Add Snapshot Schedules (endpoint 2) ----
    {
      rule: 'addSchedules policy_id >= 1',
      command: 'platformConsole.addSnapshotSchedules',
      reach: [ACCEPT, ACCEPT],
      step: 'Policy ID',
      outside: '0',
      refusal: 'Policy ID: must be at least 1',
      boundary: '1',
      route: 'POST addSchedules',
    },
    {
      rule: 'addSchedules policy_id <= 2^53-1',
      command: 'platformConsole.addSnapshotSchedules',
      reach: [ACCEPT, ACCEPT],
      step: 'Policy ID',
      outside: PAST_MAX_ID,
      refusal: `Policy ID: must be at most ${MAX_ID}`,
      boundary: MAX_ID,
      route: 'POST addSchedules',
    },
    {
      rule: 'addSchedules cron minute <= 59',
      command: 'platformConsole.addSnapshotSchedules',
      reach: [ACCEPT, ACCEPT, '10', ADD_CRON, { pick: ['Monday'] }, { pick: ['02'] }],
      step: 'Minutes, comma-separated',
      outside: '60',
      refusal: 'Minutes: 60 is outside 0..59',
      boundary: '59',
      route: 'POST addSchedules',
    },
    {
      rule: 'addSchedules cron minute >= 0',
      command: 'platformConsole.addSnapshotSchedules',
      reach: [ACCEPT, ACCEPT, '10', ADD_CRON, { pick: ['Monday'] }, { pick: ['02'] }],
      step: 'Minutes, comma-separated',
      outside: '-1',
      refusal: 'Minutes: "-1" is not a whole number from 0 to 59',
      boundary: '0',
      route: 'POST addSchedules',
    },
    {
      rule: 'addSchedules interval weeks >= 0',
      command: 'platformConsole.addSnapshotSchedules',
      reach: interval,
      step: 'Interval: weeks',
      outside: '-1',
      refusal: 'Weeks: must be a whole number, 0 or more',
      boundary: '0',
      route: 'POST addSchedules',
    },
    {
      rule: 'addSchedules interval longer than 0',
      command: 'platformConsole.addSnapshotSchedules',
      reach: [...interval, '0', '0', '0'],
      step: 'Interval: minutes',
      outside: '0',
      refusal: 'Interval: must be longer than 0 (set weeks, days, hours or minutes)',
      boundary: '1',
      route: 'POST addSchedules',
    },
    {
      rule: 'addSchedules max_quantity >= 1',
      command: 'platformConsole.addSnapshotSchedules',
      reach: [...interval, '0', '0', '0', '30'],
      step: 'Snapshots to keep',
      outside: '0',
      refusal: 'Snapshots to keep (max_quantity): must be at least 1',
      boundary: '1',
      route: 'POST addSchedules',
    },
    {
      rule: 'addSchedules max_quantity <= 2^53-1',
      command: 'platformConsole.addSnapshotSchedules',
      reach: [...interval, '0', '0', '0', '30'],
      step: 'Snapshots to keep',
      outside: PAST_MAX_ID,
      refusal: `Snapshots to keep (max_quantity): must be at most ${MAX_ID}`,
      boundary: MAX_ID,
      route: 'POST addSchedules',
    },
    {
      rule: 'addSchedules retention_time.weeks >= 0',
      command: 'platformConsole.addSnapshotSchedules',
      reach: [...interval, '0', '0', '0', '30', '3'],
      step: 'Retention (optional): weeks',
      outside: '-1',
      refusal: 'Retention weeks: must be a whole number, 0 or more',
      boundary: '0',
      route: 'POST addSchedules',
    },
    {
      rule: 'addSchedules retention_time.days >= 0',
      command: 'platformConsole.addSnapshotSchedules',
      reach: [...interval, '0', '0', '0', '30', '3', '0'],
      step: 'Retention (optional): days',
      outside: '-1',
      refusal: 'Retention days: must be a whole number, 0 or more',
      boundary: '0',
      route: 'POST addSchedules',
    },
    {
      rule: 'addSchedules resource_name_template >= 1 character',
      command: 'platformConsole.addSnapshotSchedules',
      reach: [...interval, '0', '0', '0', '30', '3', '0', '0'],
      step: 'Name of each snapshot',
      outside: ' ',
      refusal: 'Name template: must not be empty',
      boundary: 'x',
      route: 'POST addSchedules',
    },
    {
      rule: 'addSchedules cron hour 0..23 (completed at the boundary)',
      command: 'platformConsole.addSnapshotSchedules',
      reach: cronHours,
      step: 'Hours, comma-separated',
      outside: '0,24',
      refusal: 'Hours: 24 is outside 0..23',
      boundary: '0,23',
      route: 'POST addSchedules',
      then: ['59', 'Europe/Berlin', '1', '0', '0', 'x', KEEP, '$(check) Review and Submit (1)', '$(cloud-upload) Submit 1 schedule(s)'],
      sends: (r) => {
        assert.equal(r.path, '/cloud/v1/lifecycle_policy/1/1/10/add_schedules');
        assert.deepEqual(r.body, {
          schedules: [
            { type: 'cron', day_of_week: 'mon', hour: '0,23', minute: '59', timezone: 'Europe/Berlin', max_quantity: 1, resource_name_template: 'x' },
          ],
        });
      },
    },
    // ---- Protection profiles (endpoints 3, 14) ----
    {
      rule: 'updateProtectionProfile name 1..100 characters',
      command: 'platformConsole.renameProfile',
      args: profileOne,
      reach: [],
      step: 'Name (1 to 100 characters)',
      outside: 'x'.repeat(101),
      refusal: 'Name: must be at most 100 characters',
      boundary: 'x'.repeat(100),
      route: 'PATCH updateProtectionProfile',
      then: [],
      sends: (r) => assert.deepEqual([r.path, r.body], ['/security/guard/v3/profiles/1', { name: 'x'.repeat(100) }]),
    },
    {
      rule: 'updateProtectionProfile template_id <= 2^53-1',
      command: 'platformConsole.changeProfileTemplate',
      args: profileOne,
      reach: [OTHER_TEMPLATE],
      step: 'Template ID (a positive whole number)',
      outside: PAST_MAX_ID,
      refusal: `Template ID: must be at most ${MAX_ID}`,
      boundary: MAX_ID,
      route: 'PATCH updateProtectionProfile',
      // The simulator has no such template: 422, shown as an error. The value was sent as typed.
      then: [],
      sends: (r) => assert.deepEqual(r.body, { template_id: Number(MAX_ID) }),
    },
    {
      rule: 'updateProtectionProfile template_id >= 1 (flow)',
      command: 'platformConsole.changeProfileTemplate',
      args: profileOne,
      reach: [OTHER_TEMPLATE],
      step: 'Template ID (a positive whole number)',
      outside: '0',
      refusal: 'Template ID: must be at least 1',
      boundary: '1',
      route: 'PATCH updateProtectionProfile',
      then: [],
      sends: (r) => assert.deepEqual(r.body, { template_id: 1 }),
    },
    {
      rule: 'updateProtectionProfile fields[].template_field_id >= 1 (flow)',
      command: 'platformConsole.editProfileFields',
      args: profileOne,
      reach: [ADD_FIELD],
      step: 'Template field ID (a positive whole number',
      outside: '0',
      refusal: 'Template field ID: must be at least 1',
      boundary: '1',
      route: 'PATCH updateProtectionProfile',
    },
    {
      rule: 'listProtectionProfiles client_id <= 1000000000',
      command: 'platformConsole.filterProfilesByClient',
      reach: [],
      step: 'Show the profiles of this client ID',
      outside: '1000000001',
      refusal: 'Client ID: must be at most 1000000000',
      boundary: '1000000000',
      route: 'GET listProtectionProfiles',
      then: [],
      settle: reloadProfiles,
      polls: true,
      sends: (r) => assert.equal(r.query.client_id, '1000000000'),
    },
    {
      rule: 'listProtectionProfiles client_id >= 1',
      command: 'platformConsole.filterProfilesByClient',
      reach: [],
      step: 'Show the profiles of this client ID',
      outside: '0',
      refusal: 'Client ID: must be at least 1',
      boundary: '1',
      route: 'GET listProtectionProfiles',
      then: [],
      settle: reloadProfiles,
      polls: true,
      sends: (r) => assert.equal(r.query.client_id, '1'),
    },
    {
      rule: 'listProtectionProfiles name <= 255 characters',
      command: 'platformConsole.filterProfilesByName',
      reach: [],
      step: 'Show the profiles whose name contains',
      outside: 'n'.repeat(256),
      refusal: 'Name filter: must be at most 255 characters',
      boundary: 'n'.repeat(255),
      route: 'GET listProtectionProfiles',
      then: [],
      settle: reloadProfiles,
      polls: true,
      sends: (r) => assert.equal(r.query.name, 'n'.repeat(255)),
    },
    // ---- Edge (endpoints 6, 12, 15): the id is checked on Enter against the platform ----
    {
      rule: 'getEdgeApp app_id >= 1',
      command: 'platformConsole.addEdgeApp',
      reach: [],
      step: 'ID of the edge app',
      outside: '0',
      refusal: 'App ID: must be at least 1',
      boundary: '1',
      route: 'GET getEdgeApp',
      laterRefusals: ['App ID: no edge app 1 on bad-input (404)'],
      sends: (r) => assert.equal(r.path, '/edge/v1/admin/apps/1'),
    },
    {
      rule: 'getEdgeTemplate template_id <= 2^53-1',
      command: 'platformConsole.openEdgeTemplate',
      reach: [],
      step: 'ID of the edge template',
      outside: PAST_MAX_ID,
      refusal: `Template ID: must be at most ${MAX_ID}`,
      boundary: MAX_ID,
      route: 'GET getEdgeTemplate',
      laterRefusals: [`Template ID: no edge template ${MAX_ID} on bad-input (404)`],
      sends: (r) => assert.equal(r.path, `/edge/v1/admin/template/${MAX_ID}`),
    },
    // ---- Billing reads (endpoints 8, 9) and reports (10, 13) ----
    {
      rule: 'getTrial id >= 1',
      command: 'platformConsole.showTrial',
      reach: [],
      step: 'Trial ID',
      outside: '0',
      refusal: 'Trial ID: must be at least 1',
      boundary: '1',
      route: 'GET getTrial',
      then: [],
      sends: (r) => assert.equal(r.path, '/billing/org/v1/trials/1'),
    },
    {
      rule: 'getTrialStartData client_id >= -2147483648',
      command: 'platformConsole.showTrialStartData',
      reach: [],
      step: 'Client ID',
      outside: '-2147483649',
      refusal: 'Client ID: must be at least -2147483648',
      boundary: '-2147483648',
      route: 'GET getTrialStartData',
      then: ['1'],
      sends: (r) => assert.deepEqual(r.query, { client_id: '-2147483648', product_id: '1' }),
    },
    {
      rule: 'getTrialStartData client_id <= 2147483647',
      command: 'platformConsole.showTrialStartData',
      reach: [],
      step: 'Client ID',
      outside: '2147483648',
      refusal: 'Client ID: must be at most 2147483647',
      boundary: '2147483647',
      route: 'GET getTrialStartData',
      then: ['1'],
      sends: (r) => assert.deepEqual(r.query, { client_id: '2147483647', product_id: '1' }),
    },
    {
      rule: 'getTrialStartData product_id integer',
      command: 'platformConsole.showTrialStartData',
      reach: ['501'],
      step: 'Product ID',
      outside: PAST_MAX_ID,
      refusal: `Product ID: must be at most ${MAX_ID}`,
      boundary: MAX_ID,
      route: 'GET getTrialStartData',
      then: [],
      sends: (r) => assert.deepEqual(r.query, { client_id: '501', product_id: MAX_ID }),
    },
    {
      rule: 'getReport id UUID',
      command: 'platformConsole.openReport',
      reach: [],
      step: 'Report task UUID (a UUID',
      outside: '6b1f0c9e-0001-4a6e-9c1d-00000000000',
      refusal: 'Report task UUID: must be a UUID (8-4-4-4-12 hexadecimal digits)',
      boundary: '6B1F0C9E-0001-4A6E-9C1D-000000000003',
      route: 'GET getReport',
      then: [],
      polls: true,
      sends: (r) => assert.equal(r.path, '/billing/org/v1/reports/6b1f0c9e-0001-4a6e-9c1d-000000000003'),
    },
    {
      rule: 'createReport parameters.date_from a calendar date',
      command: 'platformConsole.createReport',
      reach: ['R', ADD_PARAMETER, 'date_from'],
      step: 'Value of date_from',
      outside: '2026-02-29',
      refusal: 'date_from: 2026-02-29 is not a date (YYYY-MM-DD, like 2026-04-30)',
      boundary: '2028-02-29',
      route: 'POST createReport',
    },
    {
      rule: 'createReport parameters key <= 100 characters (flow)',
      command: 'platformConsole.createReport',
      reach: ['R', ADD_PARAMETER],
      step: 'Parameter name',
      outside: 'k'.repeat(101),
      refusal: 'Parameter name: must be at most 100 characters',
      boundary: 'k'.repeat(100),
      route: 'POST createReport',
    },
    {
      rule: 'createReport parameters.date_from <= date_to (completed at the boundary)',
      command: 'platformConsole.createReport',
      reach: ['R', ADD_PARAMETER, 'date_to', '2026-04-30', ADD_PARAMETER, 'date_from'],
      step: 'Value of date_from',
      outside: '2026-05-01',
      refusal: 'date_from: must not be after date_to (2026-04-30)',
      boundary: '2026-04-30',
      route: 'POST createReport',
      then: [CONTINUE, SUBMIT_REPORT],
      polls: true,
      sends: (r) => assert.deepEqual(r.body, { template_code: 'R', parameters: { date_to: '2026-04-30', date_from: '2026-04-30' } }),
    },
    // ---- Identity (endpoints 16, 17, 18) ----
    {
      rule: 'getActivatedFreeFeature activatedFeatureId <= 2^53-1',
      command: 'platformConsole.showActivatedFreeFeature',
      reach: [],
      step: 'Activated feature ID (a positive whole number)',
      outside: PAST_MAX_ID,
      refusal: `Activated feature ID: must be at most ${MAX_ID}`,
      boundary: MAX_ID,
      route: 'GET getActivatedFreeFeature',
      then: [],
      sends: (r) => assert.equal(r.path, `/iam/admin/free_features/${MAX_ID}`),
    },
    {
      rule: 'createNotificationSetting resellerId >= 1',
      command: 'platformConsole.addNotificationSetting',
      reach: [],
      step: 'Reseller ID (a positive whole number)',
      outside: '0',
      refusal: 'Reseller ID: must be at least 1',
      boundary: '1',
      route: 'POST createNotificationSetting',
    },
    {
      rule: 'updateNotificationSetting notificationSettingsId <= 2^53-1',
      command: 'platformConsole.updateNotificationSetting',
      reach: ['701'],
      step: 'Notification setting ID (a positive whole number)',
      outside: PAST_MAX_ID,
      refusal: `Notification setting ID: must be at most ${MAX_ID}`,
      boundary: MAX_ID,
      route: 'PATCH updateNotificationSetting',
    },
    {
      rule: 'createNotificationSetting email <= 254 characters (completed at the boundary)',
      command: 'platformConsole.addNotificationSetting',
      reach: ['701', 'failed_login'],
      step: 'Email address to notify (at most 254 characters)',
      outside: EMAIL_255,
      refusal: 'Email address to notify: must be at most 254 characters',
      boundary: EMAIL_254,
      route: 'POST createNotificationSetting',
      then: ['Enabled', '$(check) Create'],
      sends: (r) =>
        assert.deepEqual(
          [r.path, r.body],
          ['/iam/reselling/resellers/701/notification_settings', { notification_type: 'failed_login', email: EMAIL_254, enabled: true }],
        ),
    },
    {
      rule: 'createNotificationSetting email format',
      command: 'platformConsole.addNotificationSetting',
      reach: ['701', 'failed_login'],
      step: 'Email address to notify (at most 254 characters)',
      outside: 'ops@example',
      refusal: 'Email address to notify: must be an email address like name@example.com',
      boundary: 'o@e.co',
      route: 'POST createNotificationSetting',
    },
    // ---- Delete Storage (endpoint 7) ----
    {
      rule: 'deleteStorage storage_id <= 2^53-1',
      command: 'platformConsole.deleteStorage',
      reach: [],
      step: 'Storage ID',
      outside: PAST_MAX_ID,
      refusal: `Storage ID: must be at most ${MAX_ID}`,
      boundary: MAX_ID,
      route: 'DELETE deleteStorage',
    },
    {
      rule: 'deleteStorage storage_id >= 1 (completed at the boundary)',
      command: 'platformConsole.deleteStorage',
      reach: [],
      step: 'Storage ID',
      outside: '0',
      refusal: 'Storage ID: must be at least 1',
      boundary: '1',
      route: 'DELETE deleteStorage',
      then: ['1'],
      sends: (r) => assert.equal(r.path, '/storage/provisioning/v1/storage/1'),
    },
    // ---- Open Function Logs (endpoint 11) ----
    {
      rule: 'getFunctionLogs namespace_name >= 2 characters',
      command: 'platformConsole.openFunctionLogs',
      reach: [ACCEPT, ACCEPT],
      step: 'Namespace',
      outside: 'a',
      refusal: `Namespace: ${FUNCTION_NAME_RULE}`,
      boundary: 'ab',
      route: 'GET getFunctionLogs',
    },
    {
      rule: 'getFunctionLogs namespace_name <= 26 characters',
      command: 'platformConsole.openFunctionLogs',
      reach: [ACCEPT, ACCEPT],
      step: 'Namespace',
      outside: `a${'b'.repeat(26)}`,
      refusal: `Namespace: ${FUNCTION_NAME_RULE}`,
      boundary: `a${'b'.repeat(25)}`,
      route: 'GET getFunctionLogs',
    },
    {
      rule: 'getFunctionLogs namespace_name pattern (no trailing "-")',
      command: 'platformConsole.openFunctionLogs',
      reach: [ACCEPT, ACCEPT],
      step: 'Namespace',
      outside: 'default-',
      refusal: `Namespace: ${FUNCTION_NAME_RULE}`,
      boundary: 'default',
      route: 'GET getFunctionLogs',
    },
    {
      rule: 'getFunctionLogs function_name <= 26 characters (completed at the boundary)',
      command: 'platformConsole.openFunctionLogs',
      reach: [ACCEPT, ACCEPT, 'default'],
      step: 'Function name',
      outside: `a${'b'.repeat(26)}`,
      refusal: `Function name: ${FUNCTION_NAME_RULE}`,
      boundary: `a${'b'.repeat(25)}`,
      route: 'GET getFunctionLogs',
      // No such function in the simulator: the panel shows the 404; the name was sent as typed.
      then: [],
      polls: true,
      settle: () => until('the first read of the logs', () => sent('GET getFunctionLogs') > 0, 20_000),
      sends: (r) => assert.deepEqual([r.path, r.query.limit], [`/cloud/v1/faas/namespaces/1/1/default/functions/a${'b'.repeat(25)}/logs`, '1000']),
    },
  ];

  before(async () => {
    ext = await platformConsole();
    // A spec-only server: no lists, so every id is typed (the flows' fallback), where these rules apply.
    sim = await startSimulator({ apiKey: KEY, taskDurationMs: 300, reportDurationMs: 300, dialect: 'spec' });
    await ext.connections.signIn('bad-input', sim.url, KEY);
    await cloud().update('projectId', 1, vscode.ConfigurationTarget.Global);
    await cloud().update('regionId', 1, vscode.ConfigurationTarget.Global);
  });
  beforeEach(() => {
    sim.clearFaults();
    sim.resetRequests();
  });
  after(async () => {
    closePanels();
    ext.setUi(undefined);
    await profiles().setFilters({ sort: [] });
    await cloud().update('projectId', undefined, vscode.ConfigurationTarget.Global);
    await cloud().update('regionId', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('platformConsole.logs').update('limit', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signOutOf(ext, sim.url);
    await sim.close();
  });

  for (const row of rows) {
    it(`${row.rule}: ${JSON.stringify(row.outside.length > 24 ? `${row.outside.length} characters` : row.outside)} refused, ${JSON.stringify(row.boundary.length > 24 ? `${row.boundary.length} characters` : row.boundary)} accepted`, async () => {
      const args = row.args ? await row.args() : [];
      sim.resetRequests();
      const ui = new ScriptedUi(
        [...row.reach, row.outside, row.boundary, ...(row.then ?? [PRESS_ESCAPE, PRESS_ESCAPE, PRESS_ESCAPE])],
        row.command === 'platformConsole.deleteStorage'
          ? storageChoice
          : /^platformConsole\.(changeProfileTemplate|renameProfile|editProfileFields)$/.test(row.command)
            ? templateChoice
            : undefined,
      );
      ext.setUi(ui);
      await vscode.commands.executeCommand(row.command, ...args);
      await row.settle?.();
      const steps = ui.prompts.filter((p) => p.kind === 'input' && p.prompt.startsWith(row.step));
      assert.ok(steps.length > 0, `no step "${row.step}" among ${ui.prompts.map((p) => p.prompt.slice(0, 40)).join(' | ')}`);
      const step = steps.find((p) => p.refusals.length > 0) ?? steps[0]!;
      assert.deepEqual(
        step.refusals,
        [row.refusal, ...(row.laterRefusals ?? [])],
        'the outside value is refused naming the field and the rule; the boundary passes',
      );
      if (!row.laterRefusals) {
        assert.ok(ui.prompts.indexOf(step) < ui.prompts.length - 1 || row.sends, 'the flow moved on past the step');
      }
      if (row.sends) {
        if (row.polls) assert.ok(sent(row.route) >= 1, `${row.route} sent`);
        else assert.equal(sent(row.route), 1, `${row.route} sent once, with the boundary value`);
        row.sends(await last(row.route));
      } else {
        assert.equal(sent(row.route), 0, `nothing sent to ${row.route}`);
      }
      closePanels();
    });
  }

  // ---- Edit Schedules as JSON: the shipped schema marks the value in the editor, Submit refuses it ----
  describe('schedules document', () => {
    let editor: vscode.TextEditor;
    const cron = { type: 'cron', day_of_week: 'mon', hour: '2', minute: '0', timezone: 'UTC', max_quantity: 1 };
    const interval = { type: 'interval', weeks: 0, days: 0, hours: 0, minutes: 30, max_quantity: 1 };
    const at = { project_id: 1, region_id: 1, policy_id: 10 };
    interface DocRow {
      rule: string;
      outside: Record<string, unknown>;
      refusal: string;
      boundary: Record<string, unknown>;
      done: RegExp;
      sends: (r: SentRequest) => void;
    }
    const schedulesOf = (r: SentRequest) => (r.body as { schedules: unknown[] }).schedules;
    const docRows: DocRow[] = [
      {
        rule: 'addSchedules cron minute <= 59',
        outside: { ...at, schedules: [{ ...cron, minute: '60' }] },
        refusal: 'schedules[0].minute: must be a comma-separated list of minutes from 0 to 59',
        boundary: { ...at, schedules: [{ ...cron, minute: '59' }] },
        done: /1 added\./,
        sends: (r) => assert.deepEqual(schedulesOf(r), [{ ...cron, minute: '59' }]),
      },
      {
        rule: 'addSchedules cron day_of_week day names',
        outside: { ...at, schedules: [{ ...cron, day_of_week: 'monday' }] },
        refusal: 'schedules[0].day_of_week: must be "*" or a comma-separated list of mon, tue, wed, thu, fri, sat, sun',
        boundary: { ...at, schedules: [{ ...cron, day_of_week: 'sun' }] },
        done: /1 added\./,
        sends: (r) => assert.deepEqual(schedulesOf(r), [{ ...cron, day_of_week: 'sun' }]),
      },
      {
        rule: 'addSchedules max_quantity >= 1',
        outside: { ...at, schedules: [{ ...interval, max_quantity: 0 }] },
        refusal: 'schedules[0].max_quantity: must be at least 1',
        boundary: { ...at, schedules: [{ ...interval, max_quantity: 1 }] },
        done: /1 added\./,
        sends: (r) => assert.deepEqual(schedulesOf(r), [interval]),
      },
      {
        rule: 'addSchedules interval days >= 0',
        outside: { ...at, schedules: [{ ...interval, days: -1 }] },
        refusal: 'schedules[0].days: must be 0 or more',
        boundary: { ...at, schedules: [{ ...interval, days: 0 }] },
        done: /1 added\./,
        sends: (r) => assert.deepEqual(schedulesOf(r), [interval]),
      },
      {
        rule: 'addSchedules retention_time.weeks >= 0',
        outside: { ...at, schedules: [{ ...interval, retention_time: { weeks: -1 } }] },
        refusal: 'schedules[0].retention_time.weeks: must be 0 or more',
        boundary: { ...at, schedules: [{ ...interval, retention_time: { weeks: 0 } }] },
        done: /1 added\./,
        sends: (r) => assert.deepEqual(schedulesOf(r), [{ ...interval, retention_time: { weeks: 0 } }]),
      },
      {
        rule: 'addSchedules policy_id >= 1',
        outside: { ...at, policy_id: 0, schedules: [cron] },
        refusal: 'policy_id: must be at least 1',
        // Policy 1 does not exist in the simulator: 404, shown as such. The id was sent as written.
        boundary: { ...at, policy_id: 1, schedules: [cron] },
        done: /^No lifecycle policy 1 in project 1, region 1/,
        sends: (r) => assert.equal(r.path, '/cloud/v1/lifecycle_policy/1/1/1/add_schedules'),
      },
    ];
    // The policy shown after a submit covers the editor: it is brought back before each edit.
    const write = async (content: Record<string, unknown>) => {
      editor = await vscode.window.showTextDocument(editor.document);
      const doc = editor.document;
      assert.ok(await editor.edit((e) => e.replace(new vscode.Range(0, 0, doc.lineCount, 0), JSON.stringify(content, null, 2))));
    };
    const diagnostics = () => vscode.languages.getDiagnostics(editor.document.uri);

    before(async () => {
      ext.setUi(new ScriptedUi([ACCEPT, ACCEPT, '10']));
      await vscode.commands.executeCommand('platformConsole.editSchedulesAsJson');
      editor = await until('the schedules document', () =>
        vscode.window.activeTextEditor?.document.uri.path.endsWith('.schedules.platform.json') ? vscode.window.activeTextEditor : undefined,
      );
    });

    for (const row of docRows) {
      it(`${row.rule}: marked in the editor and refused on Submit (nothing sent); the boundary is sent`, async () => {
        await write(row.outside);
        await until('the schema marking the value', () => diagnostics().length > 0, 20_000);
        // Submit is confirmed in the modal (naming the connection, policy and count) whenever it is asked.
        const ui = new ScriptedUi([], (_message, buttons) => (buttons.includes('Submit') ? 'Submit' : undefined));
        ext.setUi(ui);
        await vscode.commands.executeCommand('platformConsole.submitSchedulesDocument');
        const refused = await ui.waitForNotification(/^Nothing was sent: /);
        assert.equal(refused.message, `Nothing was sent: ${row.refusal}`);
        assert.equal(ui.confirms.length, 0, 'a refused document is not put to the person');
        assert.equal(sent('POST addSchedules'), 0);
        await write(row.boundary);
        await until('the schema accepting the document', () => diagnostics().length === 0, 20_000);
        await vscode.commands.executeCommand('platformConsole.submitSchedulesDocument');
        await ui.waitForNotification(row.done);
        assert.equal(sent('POST addSchedules'), 1);
        row.sends(await last('POST addSchedules'));
      });
    }
  });

  it('the logs limit setting outside 1..100000 is never sent: the extension reads it clamped to the bound', async () => {
    const logs = vscode.workspace.getConfiguration('platformConsole.logs');
    for (const [typed, used] of [
      [100_001, 100_000],
      [0, 1],
      [100_000, 100_000],
      [1, 1],
    ] as const) {
      await logs.update('limit', typed, vscode.ConfigurationTarget.Global);
      assert.equal(ext.logs.settings().limit, used, `limit ${typed}`);
    }
    await logs.update('limit', 100_001, vscode.ConfigurationTarget.Global);
    sim.resetRequests();
    ext.logs.open({ projectId: 1, regionId: 1, namespace: 'default', functionName: 'hello-world' });
    await until('a read of the logs', () => sent('GET getFunctionLogs') > 0, 20_000);
    assert.equal((await last('GET getFunctionLogs')).query.limit, '100000');
    closePanels();
  });

  // ---- Price Preview: the form's messages are what the panel session posts to the webview ----
  describe('Price Preview form', () => {
    let session: PricingSession | undefined;
    let events: PricingEvent[] = [];
    afterEach(() => session?.dispose());

    interface FormRow {
      rule: string;
      tab: 'instances' | 'loadBalancer' | 'location';
      outside: (s: PricingState) => PricingState;
      refusal: string;
      boundary: (s: PricingState) => PricingState;
      route: string;
      sends: (r: SentRequest) => void;
    }
    const inst = (s: PricingState, patch: Partial<PricingState['instance']>): PricingState => ({ ...s, instance: { ...s.instance, ...patch } });
    const lb = (s: PricingState, patch: Partial<PricingState['loadBalancer']>): PricingState => ({ ...s, loadBalancer: { ...s.loadBalancer, ...patch } });
    const formRows: FormRow[] = [
      {
        rule: 'previewInstancePrice volumes[].size >= 1',
        tab: 'instances',
        route: 'POST previewInstancePrice',
        outside: (s) => inst(s, { volumes: [{ ...s.instance.volumes[0]!, size: '0' }] }),
        refusal: 'Volume 1: Size (GiB): must be at least 1',
        boundary: (s) => inst(s, { volumes: [{ ...s.instance.volumes[0]!, size: '1' }] }),
        sends: (r) => assert.deepEqual((r.body as { volumes: unknown[] }).volumes, [{ source: 'new-volume', size: 1 }]),
      },
      {
        rule: 'previewInstancePrice names or name_templates',
        tab: 'instances',
        route: 'POST previewInstancePrice',
        outside: (s) => inst(s, { names: ' \n ' }),
        refusal: 'Instance names: give at least one instance name, one per line',
        boundary: (s) => inst(s, { names: 'a' }),
        sends: (r) => assert.deepEqual((r.body as { names: unknown }).names, ['a']),
      },
      {
        rule: 'previewInstancePrice interfaces[].network_id required (subnet)',
        tab: 'instances',
        route: 'POST previewInstancePrice',
        outside: (s) => inst(s, { interfaces: [{ ...emptyInterface('subnet'), subnetId: 's' }] }),
        refusal: 'Interface 1: Network ID: must not be empty',
        boundary: (s) => inst(s, { interfaces: [{ ...emptyInterface('subnet'), subnetId: 's', networkId: 'n' }] }),
        sends: (r) => assert.deepEqual((r.body as { interfaces: unknown }).interfaces, [{ type: 'subnet', network_id: 'n', subnet_id: 's' }]),
      },
      {
        rule: 'previewLoadBalancerPrice vip_port_id >= 1 character',
        tab: 'loadBalancer',
        route: 'POST previewLoadBalancerPrice',
        outside: (s) => lb(s, { vipTarget: 'port', vipPortId: ' ' }),
        refusal: 'VIP port ID: is required when the VIP is a reserved fixed IP port',
        boundary: (s) => lb(s, { vipTarget: 'port', vipPortId: 'p' }),
        sends: (r) => assert.deepEqual(r.body, { flavor: 'lb1-1-2', vip_port_id: 'p' }),
      },
      {
        rule: 'previewInstancePrice region_id <= 2^53-1',
        tab: 'location',
        route: 'POST previewInstancePrice',
        outside: (s) => ({ ...s, location: { projectId: '1', regionId: PAST_MAX_ID } }),
        refusal: `Region ID: must be at most ${MAX_ID}`,
        boundary: (s) => ({ ...s, location: { projectId: '1', regionId: MAX_ID } }),
        sends: (r) => assert.equal(r.path, `/cloud/v2/pricing/1/${MAX_ID}/instances`),
      },
    ];

    for (const row of formRows) {
      it(`${row.rule}: refused beside the field, nothing sent; the boundary is priced`, async () => {
        events = [];
        session = ext.pricing.createSession((e) => events.push(e), defaultPricingState({ projectId: '1', regionId: '1' }), 30);
        session.onReady();
        await until('the first prices', () => sent('POST previewInstancePrice') > 0 && sent('POST previewLoadBalancerPrice') > 0);
        await until('the first prices settled', () => session?.idle);
        sim.resetRequests();
        events = [];
        session.onNotify({ type: 'edit', state: row.outside(structuredClone(session.current)) });
        const shown = await until('the refusal posted to the webview', () =>
          events.find((e) => e.type === 'issues' && e.tab === row.tab && e.issues.length > 0),
        );
        assert.ok(shown.type === 'issues');
        assert.deepEqual(
          shown.issues.map((i) => i.message),
          [row.refusal],
        );
        // Nothing waits for its pause; the fence: anything sent before it has arrived.
        await until('nothing pending', () => session?.idle);
        assert.equal((await fence(sim))[row.route] ?? 0, 0, 'nothing sent while the form is refused');
        session.onNotify({ type: 'edit', state: row.boundary(structuredClone(session.current)) });
        await until('the boundary value priced', () => sent(row.route) > 0);
        const cleared = events.filter((e) => e.type === 'issues' && e.tab === row.tab).at(-1);
        assert.ok(cleared?.type === 'issues' && cleared.issues.length === 0, 'the refusal is cleared');
        row.sends(await last(row.route));
      });
    }
  });
});

// ---------- read-only data: the spec's limits are shown, not enforced ----------

describe('read-only limits are shown, not enforced', function () {
  this.timeout(60_000);
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let server: Server;
  let connectionId: string;
  const LONG_APP_NAME = `Not_A-Valid-App-Name-${'x'.repeat(60)}`; // 81 characters, uppercase and "_": breaks 1..64 and ^[a-z0-9][a-z0-9-]*[a-z0-9]$
  const LONG_TEMPLATE_NAME = `Template! ${'y'.repeat(130)}`; // 140 characters with "!": breaks 1..128 and ^[a-zA-Z0-9_ -]*$
  const LONG_COMMENT = 'c'.repeat(1025); // comment at most 1024
  const SHORT_DESCR = 's'.repeat(256); // short_descr at most 255
  const LONG_DESCR = `# Long\n\n${'l'.repeat(4100)}`; // long_descr at most 4096
  const HOSTILE_DESCR =
    '# Hostile\n\n<img src="https://tracker.example/p.gif"> ![pixel](https://tracker.example/q.gif) [run](command:workbench.action.terminal.new) <javascript:alert(1)>';
  const REPORT_UUID = '6b1f0c9e-0009-4a6e-9c1d-000000000009';
  const bodies: Record<string, unknown> = {
    '/edge/v1/admin/apps/901': {
      id: 901,
      client_id: 201,
      name: LONG_APP_NAME,
      status: 9,
      binary: 0,
      template: 902,
      template_name: LONG_TEMPLATE_NAME,
      plan: 'Pro',
      comment: LONG_COMMENT,
      env: {},
      rsp_headers: {},
      networks: [],
    },
    '/edge/v1/admin/template/902': {
      id: 902,
      binary_id: 1,
      name: LONG_TEMPLATE_NAME,
      api_type: 'wasi-http',
      owned: true,
      params: [],
      short_descr: SHORT_DESCR,
      long_descr: LONG_DESCR,
    },
    '/edge/v1/admin/template/904': {
      id: 904,
      binary_id: 1,
      name: 'Hostile',
      api_type: 'wasi-http',
      owned: true,
      params: [],
      short_descr: 'x',
      long_descr: HOSTILE_DESCR,
    },
    '/edge/v1/admin/clients/903': {
      status: 0,
      hourly_consumption: 1,
      daily_consumption: 2,
      monthly_consumption: 3,
      app_count: 4,
      networks: [],
      plan_id: 1,
      reseller_id: 701,
      plan: 'Pro',
    },
    [`/billing/org/v1/reports/${REPORT_UUID}`]: {
      uuid: REPORT_UUID,
      status: 'Archived',
      task_type: 'Export',
      created_at: '2026-11-01T00:00:00Z',
      updated_at: '2026-11-01T00:00:00Z',
      user_id: 1,
      client_id: 1,
      parameters: {},
    },
    '/security/guard/v3/profiles/all': [],
  };
  const edge = () => ext.edge;
  const label = (item: vscode.TreeItem) => (typeof item.label === 'string' ? item.label : (item.label?.label ?? ''));
  const childrenOf = async (node?: TreeNode) =>
    Promise.all((await edge().getChildren(node)).map(async (n) => ({ node: n, item: await edge().getTreeItem(n) })));
  const find = async (parent: TreeNode | undefined, name: string) => {
    const found = (await childrenOf(parent)).find((c) => label(c.item) === name);
    assert.ok(
      found,
      `no "${name.slice(0, 40)}" under ${parent ? 'the node' : 'the root'}: ${(await childrenOf(parent)).map((c) => label(c.item).slice(0, 40)).join(', ')}`,
    );
    return found;
  };

  before(async () => {
    ext = await platformConsole();
    // The platform's answers as the test wants them: values outside the spec's read-only limits.
    server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0]!;
      const body = bodies[path];
      res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body ?? { error: 'Not Found' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    connectionId = (await ext.connections.signIn('read-only-limits', `http://127.0.0.1:${(server.address() as AddressInfo).port}`, KEY)).id;
  });
  after(async () => {
    ext.setUi(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Pinning revealed the Edge view: hide it again, or the files after this one meet a visible view that refreshes.
    await vscode.commands.executeCommand('workbench.view.explorer');
    await ext.connections.signOut(connectionId);
    await new Promise((resolve) => server.close(resolve));
  });

  it('an edge app with an over-long, pattern-breaking name, status 9, binary 0 and a 1025-character comment is shown as sent', async () => {
    const ui = new ScriptedUi(['901']);
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.addEdgeApp');
    await edge().settled();
    assert.deepEqual(ui.prompts[0]?.refusals, [], 'the pin is not refused');
    assert.deepEqual(
      ui.notifications.filter((n) => n.severity !== 'info'),
      [],
      'no error or warning',
    );
    const apps = await find(undefined, 'Apps');
    const app = await find(apps.node, LONG_APP_NAME);
    assert.equal(app.item.description, 'status 9 · Pro');
    const details = Object.fromEntries((await childrenOf(app.node)).map((c) => [label(c.item), c.item.description]));
    assert.equal(details.Comment, LONG_COMMENT, 'the whole comment');
    assert.equal(details.Binary, '0');
    assert.equal(details.Template, `${LONG_TEMPLATE_NAME} (902)`);
  });

  it('an edge template with an over-long name, a 256-character short and a 4100-character long description is shown as sent', async () => {
    await edge().pin('template', [902]);
    await edge().settled();
    const templates = await find(undefined, 'Templates');
    const template = await find(templates.node, LONG_TEMPLATE_NAME);
    const tooltip = template.item.tooltip instanceof vscode.MarkdownString ? template.item.tooltip.value : String(template.item.tooltip ?? '');
    assert.ok(tooltip.includes(SHORT_DESCR), 'the whole short description');
    await edge().previewTemplate(902);
    const doc = await until('the template preview document', () =>
      vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'platform-console-edge' && d.uri.path.includes('/template/902/')),
    );
    assert.ok(doc.getText().includes(LONG_DESCR), 'the whole long description');
  });

  it("an edge template's Markdown is previewed without images, raw HTML or links other than http(s)", async () => {
    await edge().previewTemplate(904);
    const doc = await until('the template preview document', () =>
      vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'platform-console-edge' && d.uri.path.includes('/template/904/')),
    );
    const text = doc.getText();
    assert.match(text, /^# Hostile\n\n/);
    assert.doesNotMatch(text, /(^|[^\\])<(img|javascript)/, 'no raw HTML or autolink');
    assert.doesNotMatch(text, /(^|[^\\])!\[/, 'no image');
    assert.doesNotMatch(text, /(^|[^\\])\[run\]/, 'no command link');
    assert.ok(text.includes('tracker.example'), 'the words are still there, as text');
  });

  it('an edge client with status 0 (outside 1..5) is shown as "status 0", not an error', async () => {
    await edge().pin('client', [903]);
    await edge().settled();
    const clients = await find(undefined, 'Clients');
    const client = await find(clients.node, 'Client 903');
    assert.equal(client.item.description, 'status 0 · Pro · app limit 4');
  });

  it('a report task with a status and a task type the spec does not list is shown as sent, and not polled', async () => {
    const ui = new ScriptedUi([REPORT_UUID]);
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.openReport');
    const node = await until('the report task node', () => ext.reports.tree.taskNodes().find((n) => n.task.uuid === REPORT_UUID));
    const item = await ext.reports.tree.getTreeItem(node);
    assert.match(String(item.description ?? ''), /^Archived/);
    assert.deepEqual(
      ui.notifications.filter((n) => n.severity !== 'info'),
      [],
      'no error or warning',
    );
    assert.ok(!ext.reports.poller.polling.includes(REPORT_UUID), 'an unknown status is not polled for ever');
    await ext.reports.store.remove(connectionId, [REPORT_UUID]);
  });
});
