// The environment's names for a connection (#56 item 4, src/schema/environmentNames.ts), one
// place for the editor's environment sign-in and the MCP server: the product's PLATFORM_CONSOLE_*
// win over Gcore's GCORE_*; GCORE_API_KEY alone goes to https://api.gcore.com as Gcore's SDKs do;
// the cloud project and region ids are positive whole numbers or named and ignored.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectionFromEnvironment, keyFromEnvironment, keyNote, locationFromEnvironment, urlFromEnvironment } from '../../src/schema/environmentNames';

describe("the environment's names: PLATFORM_CONSOLE_* and GCORE_*", () => {
  it("the product's names win when both are set, and the note says which was used (never the key)", () => {
    const env = { PLATFORM_CONSOLE_API_KEY: 'p-key', GCORE_API_KEY: 'g-key', PLATFORM_CONSOLE_BASE_URL: 'http://127.0.0.1:4010', GCORE_API_URL: 'https://x' };
    const key = keyFromEnvironment(env);
    assert.deepEqual(key, { key: 'p-key', from: 'PLATFORM_CONSOLE_API_KEY', ignored: ['GCORE_API_KEY'] });
    assert.deepEqual(urlFromEnvironment(env, key?.from), {
      url: 'http://127.0.0.1:4010',
      from: 'PLATFORM_CONSOLE_BASE_URL',
      note: 'base URL from PLATFORM_CONSOLE_BASE_URL (GCORE_API_URL is set too: not used)',
    });
    const made = connectionFromEnvironment(env);
    assert.deepEqual(made, {
      key: 'p-key',
      url: 'http://127.0.0.1:4010',
      notes: [
        'from the environment: key from PLATFORM_CONSOLE_API_KEY (GCORE_API_KEY is set too: not used), ' +
          'base URL from PLATFORM_CONSOLE_BASE_URL (GCORE_API_URL is set too: not used)',
      ],
    });
    assert.ok('notes' in made && !made.notes.join('\n').includes('p-key') && !made.notes.join('\n').includes('g-key'), 'the note never holds a key');
  });

  it("GCORE only: Gcore's key and URL", () => {
    const made = connectionFromEnvironment({ GCORE_API_KEY: ' g-key ', GCORE_API_URL: ' https://api.preprod.example ' });
    assert.deepEqual(made, {
      key: 'g-key',
      url: 'https://api.preprod.example',
      notes: ['from the environment: key from GCORE_API_KEY, base URL from GCORE_API_URL'],
    });
  });

  it("GCORE_API_KEY without GCORE_API_URL: https://api.gcore.com, as Gcore's SDKs, and the note says so; the product's key gets no default", () => {
    assert.deepEqual(connectionFromEnvironment({ GCORE_API_KEY: 'g-key' }), {
      key: 'g-key',
      url: 'https://api.gcore.com',
      notes: [
        "from the environment: key from GCORE_API_KEY, base URL https://api.gcore.com (GCORE_API_URL unset: the default of Gcore's SDKs, Platform dialect)",
      ],
    });
    const productKey = connectionFromEnvironment({ PLATFORM_CONSOLE_API_KEY: 'p-key' });
    assert.deepEqual(productKey, {
      problem:
        'set PLATFORM_CONSOLE_BASE_URL and PLATFORM_CONSOLE_API_KEY, or GCORE_API_KEY (and GCORE_API_URL, default https://api.gcore.com); ' +
        "a key goes only where its own family's URL points",
    });
    assert.equal(urlFromEnvironment({}, 'PLATFORM_CONSOLE_API_KEY_FILE'), undefined);
    assert.deepEqual(connectionFromEnvironment({}), productKey, 'nothing set: what to set');
  });

  it("a key goes only where its own family's URL points: GCORE_API_KEY never to PLATFORM_CONSOLE_BASE_URL, the product's key never to GCORE_API_URL", () => {
    const gcoreKey = connectionFromEnvironment({ GCORE_API_KEY: 'g-key', PLATFORM_CONSOLE_BASE_URL: 'https://proxy.example' });
    assert.ok('notes' in gcoreKey);
    assert.equal(gcoreKey.url, 'https://api.gcore.com');
    assert.deepEqual(gcoreKey.notes, [
      'from the environment: key from GCORE_API_KEY, base URL https://api.gcore.com ' +
        "(GCORE_API_URL unset: the default of Gcore's SDKs, Platform dialect) (PLATFORM_CONSOLE_BASE_URL is set too: not used for a key from GCORE_API_KEY)",
    ]);
    const withGcoreUrl = connectionFromEnvironment({
      GCORE_API_KEY: 'g-key',
      GCORE_API_URL: 'https://g.example',
      PLATFORM_CONSOLE_BASE_URL: 'https://p.example',
    });
    assert.ok('url' in withGcoreUrl);
    assert.equal(withGcoreUrl.url, 'https://g.example');
    assert.equal(urlFromEnvironment({ GCORE_API_URL: 'https://g.example' }, 'PLATFORM_CONSOLE_API_KEY'), undefined);
    assert.ok('problem' in connectionFromEnvironment({ PLATFORM_CONSOLE_API_KEY: 'p-key', GCORE_API_URL: 'https://g.example' }));
  });

  it('the key file is only where files are read (not the MCP server), and wins there', () => {
    const env = { PLATFORM_CONSOLE_API_KEY_FILE: '/run/k', GCORE_API_KEY: 'g-key' };
    assert.deepEqual(keyFromEnvironment(env), { file: '/run/k', from: 'PLATFORM_CONSOLE_API_KEY_FILE', ignored: ['GCORE_API_KEY'] });
    assert.deepEqual(keyFromEnvironment(env, { files: false }), { key: 'g-key', from: 'GCORE_API_KEY', ignored: [] });
    assert.equal(keyNote({ from: 'A', ignored: ['B', 'C'] }), 'key from A (B, C are set too: not used)');
  });

  it('the project and region: positive whole numbers; a bad value is named and ignored', () => {
    assert.deepEqual(locationFromEnvironment({ GCORE_CLOUD_PROJECT_ID: ' 12 ', GCORE_CLOUD_REGION_ID: '76' }), { projectId: 12, regionId: 76, problems: [] });
    assert.deepEqual(locationFromEnvironment({}), { problems: [] });
    for (const bad of ['0', '-3', '1.5', 'abc', '1e3', '0x10', '99999999999999999999'])
      assert.deepEqual(
        locationFromEnvironment({ GCORE_CLOUD_PROJECT_ID: bad, GCORE_CLOUD_REGION_ID: '5' }),
        { regionId: 5, problems: [`GCORE_CLOUD_PROJECT_ID: "${bad}" must be a positive whole number; ignored`] },
        bad,
      );
    const long = locationFromEnvironment({ GCORE_CLOUD_REGION_ID: 'x'.repeat(500) });
    assert.deepEqual(long.problems, [`GCORE_CLOUD_REGION_ID: "${'x'.repeat(40)}…" must be a positive whole number; ignored`]);
  });
});
