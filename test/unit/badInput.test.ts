// The bad-input table, pure layer (docs/badInput.md): every check a person's typed value meets
// before it is sent, at its limits. Each row: the value just outside is refused with a message
// naming the field and the rule; the value at the boundary is accepted; and, where the check stands
// for a rule of the endpoint, the client (validateCall, which the simulator also uses) agrees on
// both values, so a flow can never accept what the request would refuse.
// The flows that ask for these values are driven in test/integration/badInput.test.ts.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkInstanceForm, checkLoadBalancerForm, checkLocation } from '../../src/features/pricing/model/priceForm';
import { clientFilterProblem, nameFilterProblem } from '../../src/features/profiles/model/profileQuery';
import { updateProtectionProfile } from '../../src/operations/protectionProfiles';
import { fieldTitle, operationField } from '../../src/ui/operationSteps';
import { parseNumberList } from '../../src/features/schedules/model/schedules';
import { dateOrderProblem, parameterKeyProblem, parameterValueProblem, type ReportParameter } from '../../src/features/reports/model/reportParameters';
import { parseEdgeIds } from '../../src/features/edge/model/edgePins';
import { fieldProblem, wholeNumberProblem } from '../../src/ui/fieldRules';
import { startTrialDataQuery, getTrialEndpoint } from '../../src/schema/billing';
import { projectRegionParams, secretCreateRequest } from '../../src/schema/cloud';
import { endpoints, type EndpointName } from '../../src/schema/endpoints';
import { functionLogsParams, LOG_LIMIT_MAX, LOG_LIMIT_MIN } from '../../src/schema/faas';
import { deleteStorageEndpoint } from '../../src/schema/storage';
import { addSchedulesEndpoint } from '../../src/schema/cloud';
import { validateCall } from '../../src/schema/validate';
import { contentTypeProblem, expirationProblem } from '../../src/features/secrets/createSecretFlow';
import { PAYLOAD_FILE_MAX_BYTES, payloadFileProblem } from '../../src/features/secrets/secretPayload';
import { createReport } from '../../src/operations/reports';
import { createNotificationSetting, updateNotificationSetting } from '../../src/operations/notificationSettings';
import { deleteReportTask, disableFreeFeature } from '../../src/operations/removals';
import { defaultPricingState, emptyInterface, emptyVolume, type InstanceForm, type LoadBalancerForm, type LocationForm } from '../../src/protocol/pricing';

const MAX_ID = '9007199254740991';
const PAST_MAX_ID = '9007199254740992';

/** A 254-character address (the spec's limit) and one character more. */
const EMAIL_254 = `${'a'.repeat(64)}@${['b'.repeat(63), 'c'.repeat(63), 'd'.repeat(57), 'com'].join('.')}`;
const EMAIL_255 = `${'a'.repeat(64)}@${['b'.repeat(63), 'c'.repeat(63), 'd'.repeat(58), 'com'].join('.')}`;

interface Row {
  /** The endpoint and request field, as in docs/badInput.md. */
  rule: string;
  check: (value: string) => string | undefined;
  outside: string;
  refusal: string;
  boundary: string;
  /** The request carrying `value`, for the client's own verdict (undefined: the rule is the flow's, stricter than the spec). */
  request?: (value: string) => { endpoint: EndpointName; params?: unknown; query?: unknown; body?: unknown };
}

/** The rename box's check: the operation's `name`, asked as required (Rename… sends it), on the trimmed text. */
const renameProblem = (v: string): string | undefined => {
  const schema = operationField(updateProtectionProfile, 'name');
  return v.trim() === '' ? `${fieldTitle(schema, 'name')}: must not be empty` : fieldProblem(schema, v.trim(), fieldTitle(schema, 'name'));
};
/** A typed id checked by the operation's own field, named by its title (what the generated step does). */
const profileIdProblem = (field: 'template_id', v: string): string | undefined => {
  const schema = operationField(updateProtectionProfile, field);
  return wholeNumberProblem(schema, v, fieldTitle(schema, field));
};

const clientAccepts = (request: NonNullable<Row['request']>, value: string): boolean => {
  const { endpoint, ...input } = request(value);
  try {
    validateCall(endpoints[endpoint], { params: input.params ?? {}, query: input.query, body: input.body });
    return true;
  } catch {
    return false;
  }
};

const secretBody = (over: Record<string, unknown>) => ({
  name: 'n',
  payload: 'AAAA',
  payload_content_encoding: 'base64',
  payload_content_type: 'application/octet-stream',
  secret_type: 'opaque',
  ...over,
});
const cloudParams = (value: string) => ({ project_id: Number(value), region_id: 1 });
const num = Number;

const idRows = (
  rule: string,
  label: string,
  schema: Parameters<typeof wholeNumberProblem>[0],
  request: (n: number) => ReturnType<NonNullable<Row['request']>>,
): Row[] => [
  {
    rule: `${rule} >= 1`,
    check: (v) => wholeNumberProblem(schema, v, label),
    outside: '0',
    refusal: `${label}: must be at least 1`,
    boundary: '1',
    request: (v) => request(num(v)),
  },
  {
    rule: `${rule} <= 2^53-1`,
    check: (v) => wholeNumberProblem(schema, v, label),
    outside: PAST_MAX_ID,
    refusal: `${label}: must be at most ${MAX_ID}`,
    boundary: MAX_ID,
    request: (v) => request(num(v)),
  },
  {
    rule: `${rule} whole number`,
    check: (v) => wholeNumberProblem(schema, v, label),
    outside: '1.5',
    refusal: `${label}: must be a whole number`,
    boundary: '2',
  },
];

const now = new Date('2026-11-22T10:00:00Z');
const params: ReportParameter[] = [{ key: 'date_to', kind: 'date', value: '2026-04-30' }];

const rows: Row[] = [
  // Cloud project and region: Create Secret, Add Snapshot Schedules, Edit Schedules as JSON, Open Function Logs.
  ...idRows('cloud project_id (path, endpoints 1, 2, 11)', 'Project ID', projectRegionParams.shape.project_id, (n) => ({
    endpoint: 'createSecret',
    params: cloudParams(String(n)),
    body: secretBody({}),
  })),
  ...idRows('addSchedules policy_id (path)', 'Policy ID', addSchedulesEndpoint.params.shape.policy_id, (n) => ({
    endpoint: 'addSchedules',
    params: { project_id: 1, region_id: 1, policy_id: n },
    body: { schedules: [{ type: 'interval', days: 1 }] },
  })),
  // Create Secret.
  {
    rule: 'createSecret name required',
    check: (v) => fieldProblem(secretCreateRequest.shape.name, v.trim(), 'Name'),
    outside: ' ',
    refusal: 'Name: must not be empty',
    boundary: 'a',
    request: (v) => ({ endpoint: 'createSecret', params: cloudParams('1'), body: secretBody({ name: v.trim() }) }),
  },
  {
    rule: 'createSecret payload_content_type not text/plain',
    check: contentTypeProblem,
    outside: 'text/plain; charset=utf-8',
    refusal: 'Payload content type: text/plain is incompatible with base64 encoding (the only encoding the API takes); use e.g. application/octet-stream',
    boundary: 'text/csv',
    request: (v) => ({ endpoint: 'createSecret', params: cloudParams('1'), body: secretBody({ payload_content_type: v }) }),
  },
  {
    rule: 'createSecret payload_content_type required',
    check: contentTypeProblem,
    outside: '',
    refusal: 'Payload content type: must not be empty',
    boundary: 'a/b',
    request: (v) => ({ endpoint: 'createSecret', params: cloudParams('1'), body: secretBody({ payload_content_type: v }) }),
  },
  {
    rule: 'createSecret expiration ISO 8601 without zone',
    check: (v) => expirationProblem(v, now),
    outside: '2030-12-31T23:59:60',
    refusal: 'Expiration: must be an ISO 8601 date-time without time zone, like 2030-12-31T23:59:59',
    boundary: '2030-12-31T23:59:59.999999',
    request: (v) => ({ endpoint: 'createSecret', params: cloudParams('1'), body: secretBody({ expiration: v }) }),
  },
  {
    rule: 'createSecret expiration fraction at most 6 digits',
    check: (v) => expirationProblem(v, now),
    outside: '2030-12-31T23:59:59.1234567',
    refusal: 'Expiration: must be an ISO 8601 date-time without time zone, like 2030-12-31T23:59:59',
    boundary: '2030-12-31T23:59',
    request: (v) => ({ endpoint: 'createSecret', params: cloudParams('1'), body: secretBody({ expiration: v }) }),
  },
  // The flow's own rule (the spec does not forbid a past date): refused at now, accepted a second later.
  {
    rule: 'createSecret expiration in the future (flow)',
    check: (v) => expirationProblem(v, now),
    outside: '2026-11-22T10:00:00',
    refusal: 'Expiration: must be in the future (read as UTC)',
    boundary: '2026-11-22T10:00:01',
  },
  // Snapshot schedules: hours and minutes typed as lists.
  {
    rule: 'addSchedules cron hour <= 23',
    check: (v) => problemOf(parseNumberList(v, 0, 23, 'Hours')),
    outside: '0,24',
    refusal: 'Hours: 24 is outside 0..23',
    boundary: '0,23',
    request: (v) => schedule({ type: 'cron', hour: v }),
  },
  {
    rule: 'addSchedules cron hour >= 0',
    check: (v) => problemOf(parseNumberList(v, 0, 23, 'Hours')),
    outside: '-1',
    refusal: 'Hours: "-1" is not a whole number from 0 to 23',
    boundary: '0',
    request: (v) => schedule({ type: 'cron', hour: v }),
  },
  {
    rule: 'addSchedules cron minute <= 59',
    check: (v) => problemOf(parseNumberList(v, 0, 59, 'Minutes')),
    outside: '60',
    refusal: 'Minutes: 60 is outside 0..59',
    boundary: '59',
    request: (v) => schedule({ type: 'cron', minute: v }),
  },
  // Protection profiles.
  {
    rule: 'updateProtectionProfile name <= 100 characters',
    check: renameProblem,
    outside: 'x'.repeat(101),
    refusal: 'Name: must be at most 100 characters',
    boundary: 'x'.repeat(100),
    request: (v) => ({ endpoint: 'updateProtectionProfile', params: { protection_profile_id: 1 }, body: { name: v } }),
  },
  {
    rule: 'updateProtectionProfile name >= 1 character',
    check: renameProblem,
    outside: '  ',
    refusal: 'Name: must not be empty',
    boundary: 'x',
    request: (v) => ({ endpoint: 'updateProtectionProfile', params: { protection_profile_id: 1 }, body: { name: v.trim() } }),
  },
  // The spec says only "integer"; the platform's ids are positive, so the operation refuses 0 (our rule).
  {
    rule: 'updateProtectionProfile template_id >= 1 (flow)',
    check: (v) => profileIdProblem('template_id', v),
    outside: '0',
    refusal: 'Template ID: must be at least 1',
    boundary: '1',
  },
  {
    rule: 'updateProtectionProfile template_id <= 2^53-1',
    check: (v) => profileIdProblem('template_id', v),
    outside: PAST_MAX_ID,
    refusal: `Template ID: must be at most ${MAX_ID}`,
    boundary: MAX_ID,
    request: (v) => ({ endpoint: 'updateProtectionProfile', params: { protection_profile_id: 1 }, body: { template_id: num(v) } }),
  },
  {
    rule: 'listProtectionProfiles name <= 255 characters',
    check: nameFilterProblem,
    outside: 'n'.repeat(256),
    refusal: 'Name filter: must be at most 255 characters',
    boundary: 'n'.repeat(255),
    request: (v) => ({ endpoint: 'listProtectionProfiles', query: { name: v } }),
  },
  {
    rule: 'listProtectionProfiles client_id >= 1',
    check: clientFilterProblem,
    outside: '0',
    refusal: 'Client ID: must be at least 1',
    boundary: '1',
    request: (v) => ({ endpoint: 'listProtectionProfiles', query: { client_id: num(v) } }),
  },
  {
    rule: 'listProtectionProfiles client_id <= 1000000000',
    check: clientFilterProblem,
    outside: '1000000001',
    refusal: 'Client ID: must be at most 1000000000',
    boundary: '1000000000',
    request: (v) => ({ endpoint: 'listProtectionProfiles', query: { client_id: num(v) } }),
  },
  // Edge pins.
  {
    rule: 'getEdgeApp app_id >= 1',
    check: (v) => problemOf(parseEdgeIds(v, 'App ID')),
    outside: '0',
    refusal: 'App ID: must be at least 1',
    boundary: '1',
    request: (v) => ({ endpoint: 'getEdgeApp', params: { app_id: num(v) } }),
  },
  {
    rule: 'getEdgeTemplate template_id <= 2^53-1',
    check: (v) => problemOf(parseEdgeIds(v, 'Template ID')),
    outside: PAST_MAX_ID,
    refusal: `Template ID: must be at most ${MAX_ID}`,
    boundary: MAX_ID,
    request: (v) => ({ endpoint: 'getEdgeTemplate', params: { template_id: num(v) } }),
  },
  {
    rule: 'getEdgeClient client_id >= 1',
    check: (v) => problemOf(parseEdgeIds(v, 'Client ID')),
    outside: '0',
    refusal: 'Client ID: must be at least 1',
    boundary: '1',
    request: (v) => ({ endpoint: 'getEdgeClient', params: { client_id: num(v) } }),
  },
  // Billing reads.
  ...idRows('getTrial id (path)', 'Trial ID', getTrialEndpoint.params.shape.id, (n) => ({ endpoint: 'getTrial', params: { id: n } })),
  {
    rule: 'getTrialStartData client_id >= -2147483648',
    check: (v) => wholeNumberProblem(startTrialDataQuery.shape.client_id, v, 'Client ID'),
    outside: '-2147483649',
    refusal: 'Client ID: must be at least -2147483648',
    boundary: '-2147483648',
    request: (v) => ({ endpoint: 'getTrialStartData', query: { client_id: num(v), product_id: 1 } }),
  },
  {
    rule: 'getTrialStartData client_id <= 2147483647',
    check: (v) => wholeNumberProblem(startTrialDataQuery.shape.client_id, v, 'Client ID'),
    outside: '2147483648',
    refusal: 'Client ID: must be at most 2147483647',
    boundary: '2147483647',
    request: (v) => ({ endpoint: 'getTrialStartData', query: { client_id: num(v), product_id: 1 } }),
  },
  {
    rule: 'getTrialStartData product_id integer',
    check: (v) => wholeNumberProblem(startTrialDataQuery.shape.product_id, v, 'Product ID'),
    outside: PAST_MAX_ID,
    refusal: `Product ID: must be at most ${MAX_ID}`,
    boundary: `-${MAX_ID}`,
    request: (v) => ({ endpoint: 'getTrialStartData', query: { client_id: 1, product_id: num(v) } }),
  },
  // Reports.
  {
    rule: 'createReport template_code >= 1 character',
    check: (v) => fieldProblem(operationField(createReport, 'template_code'), v.trim(), 'Template code'),
    outside: ' ',
    refusal: 'Template code: must not be empty',
    boundary: 'R',
    request: (v) => ({ endpoint: 'createReport', body: { template_code: v.trim() } }),
  },
  {
    rule: 'createReport parameters.date_from a date',
    check: (v) => parameterValueProblem([], 'date_from', v),
    outside: '2026-02-29',
    refusal: 'date_from: 2026-02-29 is not a date (YYYY-MM-DD, like 2026-04-30)',
    boundary: '2028-02-29',
  },
  {
    rule: 'createReport parameters.date_from <= date_to',
    check: (v) => parameterValueProblem(params, 'date_from', v),
    outside: '2026-05-01',
    refusal: 'date_from: must not be after date_to (2026-04-30)',
    boundary: '2026-04-30',
  },
  {
    rule: 'createReport parameters key <= 100 characters (flow)',
    check: (v) => parameterKeyProblem(v),
    outside: 'k'.repeat(101),
    refusal: 'Parameter name: must be at most 100 characters',
    boundary: 'k'.repeat(100),
  },
  {
    rule: 'createReport parameters integer value <= 2^53-1 (flow)',
    check: (v) => parameterValueProblem([], 'client_id', v),
    outside: PAST_MAX_ID,
    refusal: `client_id: a whole number must be between -${MAX_ID} and ${MAX_ID}; put it in "quotes" to send it as text`,
    boundary: MAX_ID,
  },
  {
    rule: 'getReport id UUID',
    check: (v) => fieldProblem(operationField(deleteReportTask, 'id'), v.trim(), 'Report task UUID'),
    outside: '6b1f0c9e-0001-4a6e-9c1d-00000000000',
    refusal: 'Report task UUID: must be a UUID (8-4-4-4-12 hexadecimal digits)',
    boundary: '6B1F0C9E-0001-4A6E-9C1D-000000000001',
    request: (v) => ({ endpoint: 'getReport', params: { id: v } }),
  },
  // Identity.
  ...idRows('getActivatedFreeFeature activatedFeatureId (path)', 'Activated feature ID', operationField(disableFreeFeature, 'activatedFeatureId'), (n) => ({
    endpoint: 'getActivatedFreeFeature',
    params: { activatedFeatureId: n },
  })),
  ...idRows('createNotificationSetting resellerId (path)', 'Reseller ID', operationField(createNotificationSetting, 'resellerId'), (n) => ({
    endpoint: 'createNotificationSetting',
    params: { resellerId: n },
    body: { notification_type: 'failed_login', email: 'a@b.co' },
  })),
  ...idRows(
    'updateNotificationSetting notificationSettingsId (path)',
    'Notification setting ID',
    operationField(updateNotificationSetting, 'notificationSettingsId'),
    (n) => ({
      endpoint: 'updateNotificationSetting',
      params: { resellerId: 1, notificationSettingsId: n },
      body: { notification_type: 'failed_login', email: 'a@b.co' },
    }),
  ),
  {
    rule: 'notification setting email <= 254 characters',
    check: (v) => fieldProblem(operationField(createNotificationSetting, 'email'), v.trim(), 'Email address to notify'),
    outside: EMAIL_255,
    refusal: 'Email address to notify: must be at most 254 characters',
    boundary: EMAIL_254,
    request: (v) => ({ endpoint: 'createNotificationSetting', params: { resellerId: 1 }, body: { notification_type: 'failed_login', email: v } }),
  },
  {
    rule: 'notification setting email format',
    check: (v) => fieldProblem(operationField(createNotificationSetting, 'email'), v.trim(), 'Email address to notify'),
    outside: 'ops@example',
    refusal: 'Email address to notify: must be an email address like name@example.com',
    boundary: 'o@e.co',
    request: (v) => ({ endpoint: 'createNotificationSetting', params: { resellerId: 1 }, body: { notification_type: 'failed_login', email: v } }),
  },
  // Storage.
  ...idRows('deleteStorage storage_id (path)', 'Storage ID', deleteStorageEndpoint.params.shape.storage_id, (n) => ({
    endpoint: 'deleteStorage',
    params: { storage_id: n },
  })),
  // Function logs: namespace and function name.
  ...(['namespace_name', 'function_name'] as const).flatMap((field): Row[] => {
    const label = field === 'namespace_name' ? 'Namespace' : 'Function name';
    const refusal = `${label}: must be 2 to 26 characters: lowercase letters, digits and "-", starting with a letter and not ending with "-" (^[a-z][-a-z0-9]{0,24}[a-z0-9]$)`;
    const check = (v: string) => fieldProblem(functionLogsParams.shape[field], v, label);
    const request = (v: string): ReturnType<NonNullable<Row['request']>> => ({
      endpoint: 'getFunctionLogs',
      params: { project_id: 1, region_id: 1, namespace_name: 'default', function_name: 'hello-world', [field]: v },
    });
    return [
      { rule: `getFunctionLogs ${field} >= 2 characters`, check, outside: 'a', refusal, boundary: 'ab', request },
      { rule: `getFunctionLogs ${field} <= 26 characters`, check, outside: `a${'b'.repeat(26)}`, refusal, boundary: `a${'b'.repeat(25)}`, request },
      { rule: `getFunctionLogs ${field} starts with a letter`, check, outside: '1a', refusal, boundary: 'a1', request },
      { rule: `getFunctionLogs ${field} does not end with "-"`, check, outside: 'a-', refusal, boundary: 'a-b', request },
      { rule: `getFunctionLogs ${field} lowercase`, check, outside: 'Ab', refusal, boundary: 'ab', request },
    ];
  }),
];

function problemOf(result: unknown): string | undefined {
  if (typeof result === 'string') return result;
  if (typeof result === 'object' && result !== null && 'problem' in result) return (result as { problem: string }).problem;
  return undefined;
}

function schedule(over: Record<string, unknown>): ReturnType<NonNullable<Row['request']>> {
  return { endpoint: 'addSchedules', params: { project_id: 1, region_id: 1, policy_id: 10 }, body: { schedules: [over] } };
}

describe('bad input, pure checks: refused just outside, accepted at the boundary', () => {
  for (const row of rows) {
    it(row.rule, () => {
      assert.equal(row.check(row.outside), row.refusal, `outside value ${JSON.stringify(row.outside.slice(0, 40))}`);
      assert.equal(row.check(row.boundary), undefined, `boundary value ${JSON.stringify(row.boundary.slice(0, 40))}`);
      if (row.request) {
        assert.equal(clientAccepts(row.request, row.boundary), true, 'the client accepts the boundary value');
        assert.equal(clientAccepts(row.request, row.outside), false, 'the client refuses the outside value too');
      }
    });
  }

  it('date_from = date_to is accepted; one day apart the other way is refused naming date_to', () => {
    assert.equal(dateOrderProblem([{ key: 'date_from', kind: 'date', value: '2026-04-30' }, ...params]), undefined);
    assert.equal(parameterValueProblem(params, 'date_to', '2026-04-29', 'date_to'), undefined, 'replacing date_to itself: no date_from yet');
    const both: ReportParameter[] = [{ key: 'date_from', kind: 'date', value: '2026-04-30' }, ...params];
    assert.equal(parameterValueProblem(both, 'date_to', '2026-04-29', 'date_to'), 'date_to: must not be before date_from (2026-04-30)');
    assert.equal(parameterValueProblem(both, 'date_to', '2026-04-30', 'date_to'), undefined);
  });

  it('createSecret payload from a file: at most 1 MB (our guard against the wrong file; the spec sets no limit), not empty', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bad-input-'));
    const file = (name: string, bytes: number) => {
      const path = join(dir, name);
      writeFileSync(path, Buffer.alloc(bytes, 1));
      return path;
    };
    const over = file('over.bin', PAYLOAD_FILE_MAX_BYTES + 1);
    assert.equal(
      await payloadFileProblem(over, 'Payload file'),
      `Payload file: ${over} is 1,048,577 bytes; a secret payload file may be at most 1 MB (1,048,576 bytes)`,
    );
    assert.equal(await payloadFileProblem(file('max.bin', PAYLOAD_FILE_MAX_BYTES), 'Payload file'), undefined);
    const empty = file('empty.bin', 0);
    assert.equal(await payloadFileProblem(empty, 'Payload file'), `Payload file: ${empty} is empty`);
    assert.equal(await payloadFileProblem(file('one.bin', 1), 'Payload file'), undefined);
  });

  it("the logs limit setting (1..100000) is declared with the client's bounds, so the Settings editor refuses what the client would", () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
      contributes: {
        configuration:
          | { properties: Record<string, { minimum?: number; maximum?: number; type?: string }> }
          | { properties: Record<string, { minimum?: number; maximum?: number; type?: string }> }[];
      };
    };
    const configs = Array.isArray(manifest.contributes.configuration) ? manifest.contributes.configuration : [manifest.contributes.configuration];
    const limit = configs.map((c) => c.properties['platformConsole.logs.limit']).find(Boolean);
    assert.deepEqual(
      { type: limit?.type, minimum: limit?.minimum, maximum: limit?.maximum },
      { type: 'integer', minimum: LOG_LIMIT_MIN, maximum: LOG_LIMIT_MAX },
    );
    const query = endpoints.getFunctionLogs.query;
    assert.equal(query.safeParse({ limit: LOG_LIMIT_MAX }).success, true);
    assert.equal(query.safeParse({ limit: LOG_LIMIT_MAX + 1 }).success, false);
    assert.equal(query.safeParse({ limit: LOG_LIMIT_MIN }).success, true);
    assert.equal(query.safeParse({ limit: LOG_LIMIT_MIN - 1 }).success, false);
  });
});

// ---------- the Price Preview forms (the webview shows these messages beside the field) ----------

const instance = (patch: Partial<InstanceForm> = {}): InstanceForm => ({ ...defaultPricingState().instance, ...patch });
const lb = (patch: Partial<LoadBalancerForm> = {}): LoadBalancerForm => ({ ...defaultPricingState().loadBalancer, ...patch });
const messages = (checked: { ok: boolean; issues: { message: string }[] }) => checked.issues.map((i) => i.message);

interface FormRow {
  rule: string;
  outside: () => { ok: boolean; issues: { message: string }[] };
  refusal: string;
  boundary: () => { ok: boolean; issues: { message: string }[] };
}

const subnet = (patch: Partial<ReturnType<typeof emptyInterface>>) =>
  instance({ interfaces: [{ ...emptyInterface('subnet'), networkId: 'n', subnetId: 's', ...patch }] });
const volume = (patch: Partial<ReturnType<typeof emptyVolume>>, source: Parameters<typeof emptyVolume>[0] = 'new-volume') =>
  instance({ volumes: [{ ...emptyVolume(source), ...patch }] });
const location = (patch: Partial<LocationForm>) => checkLocation({ projectId: '1', regionId: '1', ...patch });

const formRows: FormRow[] = [
  {
    rule: 'previewInstancePrice / previewLoadBalancerPrice project_id >= 1',
    outside: () => location({ projectId: '0' }),
    refusal: 'Project ID: must be at least 1',
    boundary: () => location({ projectId: '1' }),
  },
  {
    rule: 'previewInstancePrice region_id <= 2^53-1',
    outside: () => location({ regionId: PAST_MAX_ID }),
    refusal: `Region ID: must be at most ${MAX_ID}`,
    boundary: () => location({ regionId: MAX_ID }),
  },
  {
    rule: 'previewInstancePrice flavor required',
    outside: () => checkInstanceForm(instance({ flavor: ' ' })),
    refusal: 'Flavor: must not be empty',
    boundary: () => checkInstanceForm(instance({ flavor: 'f' })),
  },
  {
    rule: 'previewInstancePrice names or name_templates',
    outside: () => checkInstanceForm(instance({ names: '\n \n' })),
    refusal: 'Instance names: give at least one instance name, one per line',
    boundary: () => checkInstanceForm(instance({ names: 'a' })),
  },
  {
    rule: 'previewInstancePrice name_templates (the other list)',
    outside: () => checkInstanceForm(instance({ nameMode: 'templates', templates: '' })),
    refusal: 'Name templates: give at least one name template, one per line',
    boundary: () => checkInstanceForm(instance({ nameMode: 'templates', templates: 'vm-{index}' })),
  },
  {
    rule: 'previewInstancePrice interfaces[].network_id required (subnet)',
    outside: () => checkInstanceForm(subnet({ networkId: '' })),
    refusal: 'Interface 1: Network ID: must not be empty',
    boundary: () => checkInstanceForm(subnet({ networkId: 'n' })),
  },
  {
    rule: 'previewInstancePrice interfaces[].subnet_id required (subnet)',
    outside: () => checkInstanceForm(subnet({ subnetId: ' ' })),
    refusal: 'Interface 1: Subnet ID: must not be empty',
    boundary: () => checkInstanceForm(subnet({ subnetId: 's' })),
  },
  {
    rule: 'previewInstancePrice interfaces[].network_id required (any_subnet)',
    outside: () => checkInstanceForm(instance({ interfaces: [emptyInterface('any_subnet')] })),
    refusal: 'Interface 1: Network ID: must not be empty',
    boundary: () => checkInstanceForm(instance({ interfaces: [{ ...emptyInterface('any_subnet'), networkId: 'n' }] })),
  },
  {
    rule: 'previewInstancePrice interfaces[].port_id required (reserved_fixed_ip)',
    outside: () => checkInstanceForm(instance({ interfaces: [emptyInterface('reserved_fixed_ip')] })),
    refusal: 'Interface 1: Reserved fixed IP port ID: must not be empty',
    boundary: () => checkInstanceForm(instance({ interfaces: [{ ...emptyInterface('reserved_fixed_ip'), portId: 'p' }] })),
  },
  {
    rule: 'previewInstancePrice floating_ip.existing_floating_id required (existing)',
    outside: () => checkInstanceForm(subnet({ floatingIp: 'existing', floatingIpId: '' })),
    refusal: 'Interface 1: Existing floating IP ID: must not be empty',
    boundary: () => checkInstanceForm(subnet({ floatingIp: 'existing', floatingIpId: 'f' })),
  },
  {
    rule: 'previewInstancePrice volumes[].size >= 1',
    outside: () => checkInstanceForm(volume({ size: '0' })),
    refusal: 'Volume 1: Size (GiB): must be at least 1',
    boundary: () => checkInstanceForm(volume({ size: '1' })),
  },
  {
    rule: 'previewInstancePrice volumes[].size <= 2^53-1',
    outside: () => checkInstanceForm(volume({ size: PAST_MAX_ID })),
    refusal: `Volume 1: Size (GiB): must be at most ${MAX_ID}`,
    boundary: () => checkInstanceForm(volume({ size: MAX_ID })),
  },
  {
    rule: 'previewInstancePrice volumes[].size whole number',
    outside: () => checkInstanceForm(volume({ size: '1.5' })),
    refusal: 'Volume 1: Size (GiB): must be a whole number of GiB',
    boundary: () => checkInstanceForm(volume({ size: '2' })),
  },
  {
    rule: 'previewInstancePrice volumes[].image_id required (image)',
    outside: () => checkInstanceForm(volume({ imageId: ' ' }, 'image')),
    refusal: 'Volume 1: Image ID: must not be empty',
    boundary: () => checkInstanceForm(volume({ imageId: 'i' }, 'image')),
  },
  {
    rule: 'previewInstancePrice volumes[].snapshot_id required (snapshot)',
    outside: () => checkInstanceForm(volume({ snapshotId: '' }, 'snapshot')),
    refusal: 'Volume 1: Snapshot ID: must not be empty',
    boundary: () => checkInstanceForm(volume({ snapshotId: 's' }, 'snapshot')),
  },
  {
    rule: 'previewLoadBalancerPrice flavor required',
    outside: () => checkLoadBalancerForm(lb({ flavor: '' })),
    refusal: 'Flavor: must not be empty',
    boundary: () => checkLoadBalancerForm(lb({ flavor: 'l' })),
  },
  {
    rule: 'previewLoadBalancerPrice floating_ip.existing_floating_id required',
    outside: () => checkLoadBalancerForm(lb({ floatingIp: 'existing' })),
    refusal: 'Existing floating IP ID: must not be empty',
    boundary: () => checkLoadBalancerForm(lb({ floatingIp: 'existing', floatingIpId: 'f' })),
  },
  {
    rule: 'previewLoadBalancerPrice vip_network_id >= 1 character',
    outside: () => checkLoadBalancerForm(lb({ vipTarget: 'network', vipNetworkId: ' ' })),
    refusal: 'VIP network ID: is required when the VIP is on a network of yours',
    boundary: () => checkLoadBalancerForm(lb({ vipTarget: 'network', vipNetworkId: 'n' })),
  },
  {
    rule: 'previewLoadBalancerPrice vip_port_id >= 1 character',
    outside: () => checkLoadBalancerForm(lb({ vipTarget: 'port' })),
    refusal: 'VIP port ID: is required when the VIP is a reserved fixed IP port',
    boundary: () => checkLoadBalancerForm(lb({ vipTarget: 'port', vipPortId: 'p' })),
  },
];

describe('bad input, Price Preview forms: refused just outside, accepted at the boundary', () => {
  for (const row of formRows) {
    it(row.rule, () => {
      const outside = row.outside();
      assert.equal(outside.ok, false);
      assert.deepEqual(messages(outside), [row.refusal]);
      const boundary = row.boundary();
      assert.deepEqual(messages(boundary), []);
      assert.equal(boundary.ok, true);
    });
  }
});
