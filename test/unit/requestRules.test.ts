// Every rule of the spec on a value a person sends: the value at the boundary is accepted,
// the value just outside is refused with the field named, and nothing is sent.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { endpoints } from '../../src/schema/endpoints';
import type { Endpoint } from '../../src/schema/endpoint';
import { PlatformError } from '../../src/schema/errors';
import { validateCall } from '../../src/schema/validate';

type Input = { params: unknown; query?: unknown; body?: unknown };

function issuesOf(endpoint: Endpoint, input: Input): { path: string; message: string }[] {
  try {
    validateCall(endpoint, input);
    return [];
  } catch (error) {
    assert.ok(error instanceof PlatformError && error.kind === 'validation', String(error));
    return error.issues;
  }
}
function accepts(endpoint: Endpoint, input: Input): void {
  assert.deepEqual(issuesOf(endpoint, input), [], JSON.stringify(input));
}
function refuses(endpoint: Endpoint, input: Input, path: string, rule?: RegExp): void {
  const issues = issuesOf(endpoint, input);
  const hit = issues.find((i) => i.path === path);
  assert.ok(hit, `expected a refusal of ${path}, got ${JSON.stringify(issues)}`);
  if (rule) assert.match(hit.message, rule);
}

const PR = { project_id: 1, region_id: 1 };
const secret = {
  name: 'tls',
  payload: Buffer.from('hello').toString('base64'),
  payload_content_encoding: 'base64',
  payload_content_type: 'application/octet-stream',
  secret_type: 'certificate',
};

describe('request rules: protection profiles', () => {
  const patch = endpoints.updateProtectionProfile;
  const list = endpoints.listProtectionProfiles;
  it('profile id 1..1e9', () => {
    accepts(patch, { params: { protection_profile_id: 1 }, body: {} });
    accepts(patch, { params: { protection_profile_id: 1e9 }, body: {} });
    refuses(patch, { params: { protection_profile_id: 0 }, body: {} }, 'protection_profile_id', /at least 1/);
    refuses(patch, { params: { protection_profile_id: 1e9 + 1 }, body: {} }, 'protection_profile_id', /at most 1000000000/);
    refuses(patch, { params: { protection_profile_id: 1.5 }, body: {} }, 'protection_profile_id', /whole number/);
  });
  it('name 1..100 characters or null', () => {
    const p = { protection_profile_id: 5 };
    accepts(patch, { params: p, body: { name: 'a' } });
    accepts(patch, { params: p, body: { name: 'a'.repeat(100) } });
    accepts(patch, { params: p, body: { name: null } });
    refuses(patch, { params: p, body: { name: '' } }, 'name', /must not be empty/);
    refuses(patch, { params: p, body: { name: 'a'.repeat(101) } }, 'name', /at most 100/);
  });
  it('fields need template_field_id and value', () => {
    const p = { protection_profile_id: 5 };
    accepts(patch, { params: p, body: { fields: [{ template_field_id: 3, value: '100' }] } });
    refuses(patch, { params: p, body: { fields: [{ value: '100' }] } }, 'fields[0].template_field_id', /required/);
  });
  it('list filters: name and order_by <= 255, client_id 1..1e9', () => {
    accepts(list, { params: {}, query: { name: 'x'.repeat(255), order_by: 'o'.repeat(255), client_id: 1e9 } });
    refuses(list, { params: {}, query: { name: 'x'.repeat(256) } }, 'name', /at most 255/);
    refuses(list, { params: {}, query: { order_by: 'o'.repeat(256) } }, 'order_by', /at most 255/);
    refuses(list, { params: {}, query: { client_id: 0 } }, 'client_id');
    refuses(list, { params: {}, query: { client_id: 1e9 + 1 } }, 'client_id');
  });
  it('property: every client_id in range is accepted, every one outside refused', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1e9 }), (id) => accepts(list, { params: {}, query: { client_id: id } })));
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 1e9 + 1 })), (id) => refuses(list, { params: {}, query: { client_id: id } }, 'client_id')),
    );
  });
});

describe('request rules: secrets', () => {
  const create = endpoints.createSecret;
  it('accepts the real platform example', () => {
    accepts(create, {
      params: PR,
      body: { ...secret, expiration: '2025-12-28T19:14:44', name: 'AES key', payload: 'aGVsbG8sIHRlc3Qgc3RyaW5nCg==' },
    });
  });
  it('bit_length > 0', () => {
    accepts(create, { params: PR, body: { ...secret, bit_length: 1 } });
    refuses(create, { params: PR, body: { ...secret, bit_length: 0 } }, 'bit_length', /greater than 0/);
    fc.assert(fc.property(fc.integer({ max: 0 }), (n) => refuses(create, { params: PR, body: { ...secret, bit_length: n } }, 'bit_length')));
  });
  it('encoding only base64', () => {
    refuses(create, { params: PR, body: { ...secret, payload_content_encoding: 'binary' } }, 'payload_content_encoding', /base64/);
  });
  it('text/plain is refused with base64, saying why', () => {
    refuses(create, { params: PR, body: { ...secret, payload_content_type: 'text/plain' } }, 'payload_content_type', /incompatible with base64/);
    refuses(create, { params: PR, body: { ...secret, payload_content_type: 'Text/Plain; charset=utf-8' } }, 'payload_content_type');
  });
  it('expiration: ISO 8601 without time zone', () => {
    accepts(create, { params: PR, body: { ...secret, expiration: '2030-01-31T23:59' } });
    accepts(create, { params: PR, body: { ...secret, expiration: '2030-01-31T23:59:59.123456' } });
    accepts(create, { params: PR, body: { ...secret, expiration: null } });
    for (const bad of ['2030-01-31T23:59:59Z', '2030-01-31T23:59:59+02:00', '2030-02-30T00:00:00', '2030-01-31', 'tomorrow', '2030-01-31T24:00:00']) {
      refuses(create, { params: PR, body: { ...secret, expiration: bad } }, 'expiration', /without time zone/);
    }
  });
  it('secret_type from the list; required fields named', () => {
    refuses(create, { params: PR, body: { ...secret, secret_type: 'x509' } }, 'secret_type', /one of symmetric/);
    refuses(create, { params: PR, body: { ...secret, name: undefined } }, 'name', /required/);
    refuses(create, { params: PR, body: { ...secret, payload: 'not base64!' } }, 'payload', /base64/);
  });
  it('project and region ids are positive whole numbers', () => {
    refuses(create, { params: { project_id: 0, region_id: 1 }, body: secret }, 'project_id');
    refuses(create, { params: { project_id: 1, region_id: 'x' }, body: secret }, 'region_id');
  });
});

describe('request rules: billing', () => {
  it('trial client_id in int32 range', () => {
    const e = endpoints.getTrialStartData;
    accepts(e, { params: {}, query: { client_id: -2147483648, product_id: 1 } });
    accepts(e, { params: {}, query: { client_id: 2147483647, product_id: 1 } });
    refuses(e, { params: {}, query: { client_id: -2147483649, product_id: 1 } }, 'client_id');
    refuses(e, { params: {}, query: { client_id: 2147483648, product_id: 1 } }, 'client_id');
    refuses(e, { params: {}, query: { client_id: 1 } }, 'product_id', /required/);
    fc.assert(fc.property(fc.integer({ min: -2147483648, max: 2147483647 }), (id) => accepts(e, { params: {}, query: { client_id: id, product_id: 7 } })));
  });
  it('report template_code at least 1 character', () => {
    const e = endpoints.createReport;
    accepts(e, { params: {}, body: { template_code: 'R' } });
    accepts(e, { params: {}, body: { template_code: 'R', parameters: { date_from: '2025-01-01' } } });
    refuses(e, { params: {}, body: { template_code: '' } }, 'template_code', /must not be empty/);
    refuses(e, { params: {}, body: {} }, 'template_code', /required/);
  });
  it('report id is a uuid', () => {
    accepts(endpoints.getReport, { params: { id: '3fa85f64-5717-4562-b3fc-2c963f66afa6' } });
    refuses(endpoints.getReport, { params: { id: '3fa85f64-5717-4562-b3fc-2c963f66afa' } }, 'id', /UUID/);
  });
});

describe('request rules: identity', () => {
  const e = endpoints.createNotificationSetting;
  const params = { resellerId: 3 };
  it('email format and <= 254 characters', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    assert.equal(at254.length, 254);
    accepts(e, { params, body: { notification_type: 'failed_login', email: at254 } });
    refuses(e, { params, body: { notification_type: 'failed_login', email: `a${at254}` } }, 'email', /at most 254/);
    refuses(e, { params, body: { notification_type: 'failed_login', email: 'not-an-email' } }, 'email', /email address/);
  });
  it('notification_type from the list, enabled boolean', () => {
    refuses(e, { params, body: { notification_type: 'login', email: 'a@b.co' } }, 'notification_type', /deletion_request, failed_login/);
    refuses(e, { params, body: { notification_type: 'failed_login', email: 'a@b.co', enabled: 'yes' } }, 'enabled');
    accepts(endpoints.updateNotificationSetting, {
      params: { resellerId: 1, notificationSettingsId: 2 },
      body: { notification_type: 'deletion_request', email: 'a@b.co', enabled: false },
    });
  });
});

describe('request rules: functions', () => {
  const e = endpoints.getFunctionLogs;
  const params = { ...PR, namespace_name: 'default', function_name: 'hello-world' };
  it('names match ^[a-z][-a-z0-9]{0,24}[a-z0-9]$', () => {
    accepts(e, { params: { ...params, function_name: 'ab' } });
    accepts(e, { params: { ...params, function_name: `a${'b'.repeat(24)}c` } });
    refuses(e, { params: { ...params, function_name: `a${'b'.repeat(25)}c` } }, 'function_name');
    refuses(e, { params: { ...params, function_name: 'a' } }, 'function_name');
    refuses(e, { params: { ...params, function_name: '1abc' } }, 'function_name');
    refuses(e, { params: { ...params, function_name: 'abc-' } }, 'function_name');
    refuses(e, { params: { ...params, namespace_name: 'Default' } }, 'namespace_name');
    fc.assert(fc.property(fc.stringMatching(/^[a-z][-a-z0-9]{0,24}[a-z0-9]$/), (name) => accepts(e, { params: { ...params, function_name: name } })));
  });
  it('limit 1..100000', () => {
    accepts(e, { params, query: { limit: 1 } });
    accepts(e, { params, query: { limit: 100000 } });
    accepts(e, { params, query: {} });
    refuses(e, { params, query: { limit: 0 } }, 'limit');
    refuses(e, { params, query: { limit: 100001 } }, 'limit');
  });
});

describe('request rules: instance price', () => {
  const e = endpoints.previewInstancePrice;
  const base = { flavor: 'g1-standard-1-2', interfaces: [{ type: 'external' }], names: ['vm-1'] };
  it('names or name_templates required', () => {
    accepts(e, { params: PR, body: base });
    accepts(e, { params: PR, body: { ...base, names: undefined, name_templates: ['vm-{ip_octets}'] } });
    refuses(e, { params: PR, body: { ...base, names: [] } }, 'names', /either names or name_templates/);
    refuses(e, { params: PR, body: { ...base, names: undefined } }, 'names');
  });
  it('interface variants by type', () => {
    accepts(e, {
      params: PR,
      body: {
        ...base,
        interfaces: [
          { type: 'external', interface_name: 'eth0', ip_family: 'ipv6' },
          { type: 'subnet', network_id: 'n', subnet_id: 's', floating_ip: { source: 'new' } },
          { type: 'any_subnet', network_id: 'n', floating_ip: { source: 'existing', existing_floating_id: 'f' } },
          { type: 'reserved_fixed_ip', port_id: 'p' },
        ],
      },
    });
    refuses(e, { params: PR, body: { ...base, interfaces: [{ type: 'subnet', network_id: 'n' }] } }, 'interfaces[0].subnet_id', /required/);
    refuses(e, { params: PR, body: { ...base, interfaces: [{ type: 'any_subnet' }] } }, 'interfaces[0].network_id');
    refuses(e, { params: PR, body: { ...base, interfaces: [{ type: 'reserved_fixed_ip' }] } }, 'interfaces[0].port_id');
    refuses(e, { params: PR, body: { ...base, interfaces: [{ type: 'vpn' }] } }, 'interfaces[0].type');
    refuses(
      e,
      { params: PR, body: { ...base, interfaces: [{ type: 'subnet', network_id: 'n', subnet_id: 's', floating_ip: { source: 'existing' } }] } },
      'interfaces[0].floating_ip.existing_floating_id',
    );
    refuses(e, { params: PR, body: { ...base, interfaces: [{ type: 'external', ip_family: 'ipv5' }] } }, 'interfaces[0].ip_family');
  });
  it('volume image_id / snapshot_id by source', () => {
    accepts(e, {
      params: PR,
      body: {
        ...base,
        volumes: [
          { source: 'image', image_id: 'i', size: 10 },
          { source: 'new-volume', size: 1 },
          { source: 'snapshot', snapshot_id: 's' },
        ],
      },
    });
    refuses(e, { params: PR, body: { ...base, volumes: [{ source: 'image', size: 10 }] } }, 'volumes[0].image_id', /required/);
    refuses(e, { params: PR, body: { ...base, volumes: [{ source: 'snapshot' }] } }, 'volumes[0].snapshot_id');
    refuses(e, { params: PR, body: { ...base, volumes: [{ source: 'new-volume', image_id: 'i' }] } }, 'volumes[0]', /unknown field "image_id"/);
    refuses(e, { params: PR, body: { ...base, volumes: [{ source: 'new-volume', size: 0 }] } }, 'volumes[0].size');
  });
});

describe('request rules: load balancer price', () => {
  const e = endpoints.previewLoadBalancerPrice;
  it('vip_network_id and vip_port_id are mutually exclusive', () => {
    accepts(e, { params: PR, body: { flavor: 'lb1-1-2', vip_network_id: 'n', vip_subnet_id: 's' } });
    accepts(e, { params: PR, body: { flavor: 'lb1-1-2', vip_port_id: 'p' } });
    refuses(e, { params: PR, body: { flavor: 'lb1-1-2', vip_network_id: 'n', vip_port_id: 'p' } }, 'vip_port_id', /mutually exclusive/);
    refuses(e, { params: PR, body: { flavor: 'lb1-1-2', vip_ip_family: 'ipv5' } }, 'vip_ip_family', /dual, ipv4, ipv6/);
    refuses(e, { params: PR, body: {} }, 'flavor', /required/);
  });
});

describe('request rules: schedules', () => {
  const e = endpoints.addSchedules;
  const params = { ...PR, policy_id: 10 };
  it('cron fields within cron ranges, day names lowercase three letters or *', () => {
    accepts(e, {
      params,
      body: { schedules: [{ type: 'cron', day_of_week: 'mon,wed', hour: '0,23', minute: '0,59', timezone: 'Europe/Berlin', max_quantity: 1 }] },
    });
    accepts(e, { params, body: { schedules: [{ type: 'cron', day_of_week: '*', hour: '5', minute: '30' }] } });
    refuses(e, { params, body: { schedules: [{ type: 'cron', hour: '24' }] } }, 'schedules[0].hour');
    refuses(e, { params, body: { schedules: [{ type: 'cron', minute: '60' }] } }, 'schedules[0].minute');
    refuses(e, { params, body: { schedules: [{ type: 'cron', day_of_week: 'monday' }] } }, 'schedules[0].day_of_week');
    refuses(e, { params, body: { schedules: [{ type: 'cron', max_quantity: 0 }] } }, 'schedules[0].max_quantity');
  });
  it('interval durations non-negative, total > 0', () => {
    accepts(e, { params, body: { schedules: [{ type: 'interval', minutes: 1 }] } });
    refuses(e, { params, body: { schedules: [{ type: 'interval', days: -1, hours: 2 }] } }, 'schedules[0].days');
    refuses(e, { params, body: { schedules: [{ type: 'interval' }] } }, 'schedules[0].weeks', /longer than 0/);
    refuses(e, { params, body: { schedules: [] } }, 'schedules', /at least one/);
    refuses(e, { params, body: { schedules: [{ type: 'interval', minutes: 5, retention_time: { weeks: -1 } }] } }, 'schedules[0].retention_time.weeks');
  });
});

describe('request rules: ids of read endpoints', () => {
  const cases: [Endpoint, string][] = [
    [endpoints.getEdgeApp, 'app_id'],
    [endpoints.getEdgeTemplate, 'template_id'],
    [endpoints.getEdgeClient, 'client_id'],
    [endpoints.getTrial, 'id'],
    [endpoints.getActivatedFreeFeature, 'activatedFeatureId'],
    [endpoints.deleteStorage, 'storage_id'],
  ];
  for (const [endpoint, name] of cases) {
    it(`${endpoint.name}: ${name} is a positive safe integer`, () => {
      accepts(endpoint, { params: { [name]: 1 } });
      accepts(endpoint, { params: { [name]: Number.MAX_SAFE_INTEGER } });
      refuses(endpoint, { params: { [name]: 0 } }, name);
      refuses(endpoint, { params: { [name]: Number.MAX_SAFE_INTEGER + 1 } }, name);
    });
  }
});

describe('request normalisation', () => {
  it('day names and hour lists travel lowercase without spaces', () => {
    const { body } = validateCall(endpoints.addSchedules, {
      params: { project_id: 1, region_id: 1, policy_id: 10 },
      body: { schedules: [{ type: 'cron', day_of_week: 'Mon, WED', hour: '0, 20', minute: '5' }] },
    });
    assert.deepEqual((body as { schedules: Record<string, unknown>[] }).schedules[0], { type: 'cron', day_of_week: 'mon,wed', hour: '0,20', minute: '5' });
  });
});
