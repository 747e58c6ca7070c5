// What the build puts where (esbuild.mjs): the libraries only one feature needs are in bundles of
// their own, read at that feature's first use; what only the benches use (their instruments and
// baselines, bench/extension/) is in no bundle but the benches' own variant (`--bench`).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { makeChain } from '../support/certs';

const execFileAsync = promisify(execFile);

const root = path.resolve(__dirname, '../..');
/** The benches' variables, and names of their code that a development build keeps. */
const BENCH_VARIABLES = 'BENCH_PRICING_NAIVE|BENCH_MEMORY_FILE|BENCH_INSPECT_PORT|PRICE_EVENTS_FILE|PROFILE_TIMINGS_FILE';
const BENCH_NAMES = new RegExp(`PLATFORM_CONSOLE_(${BENCH_VARIABLES})|EveryAnswer|LoadTimer|appendBenchRecord|pricingBaseline`);

describe('bundles (esbuild.mjs)', () => {
  const dirs: Record<string, string> = {};
  const dir = (variant: string): string => dirs[variant] ?? assert.fail(`no ${variant} build`);
  const read = (variant: string, file: string) => readFileSync(path.join(dir(variant), file), 'utf8');
  let base = '';
  // The four variants built at once, into one temporary folder (never dist/: `npm test` builds that once).
  before(async () => {
    base = mkdtempSync(path.join(tmpdir(), 'bundles-'));
    const variants = Object.entries({ shipped: ['--production'], development: [], bench: ['--production', '--bench'], eager: ['--eager'] });
    await Promise.all(
      variants.map(async ([variant, args]) => {
        const out = (dirs[variant] = path.join(base, variant));
        await execFileAsync(process.execPath, ['esbuild.mjs', ...args, '--outdir', out], { cwd: root, encoding: 'utf8' }).catch(
          (error: Error & { stderr?: string }) => assert.fail(`${variant}: ${error.stderr || error.message}`),
        );
      }),
    );
  });
  after(() => rmSync(base, { recursive: true, force: true }));

  it("builds one extension bundle with every feature in it, and the manifest's main: a tiny loader with no feature code (#57: its code cache)", () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { main: string };
    assert.equal(manifest.main, './dist/main.js');
    for (const variant of ['shipped', 'development', 'bench', 'eager']) {
      assert.match(read(variant, 'extension.js'), /platformConsole\.protectionProfiles/, variant);
      const loader = read(variant, 'main.js');
      // The loader reads the one bundle beside it, no other file of the extension.
      assert.deepEqual([...new Set(loader.match(/"[^"\n]*\.js"/g))], ['"extension.js"'], variant);
      assert.doesNotMatch(loader, /platformConsole\.|require\("(vscode|zod|\.\/)/, `${variant}: feature code in the loader`);
    }
    const shipped = statSync(path.join(dir('shipped'), 'main.js')).size;
    assert.ok(shipped < 4096, `the shipped loader is ${shipped} bytes`);
  });

  it('keeps the PKCS12 (ASN.1) and cron libraries out of the extension bundle, in lazy bundles it requires at first use', () => {
    for (const variant of ['shipped', 'development']) {
      const extension = read(variant, 'extension.js');
      // asn1js's and pfxFile.ts's error texts: strings minifying keeps.
      const asn1 = /End of input reached before message was fully decoded|the MAC does not verify/;
      assert.doesNotMatch(extension, asn1, variant);
      assert.doesNotMatch(extension, /CronExpressionParser|cronstrue|luxon/i, variant);
      assert.match(extension, /require\("\.\/lazy\/pkcs12\.js"\)/, variant);
      assert.match(extension, /require\("\.\/lazy\/cronText\.js"\)/, variant);
      assert.match(read(variant, 'lazy/pkcs12.js'), asn1);
      assert.match(read(variant, 'lazy/cronText.js'), /DateTime/);
    }
  });

  it("keeps re2js (the log filter's and template patterns' engine) out of the extension bundle, required at first use; the logs page holds it", () => {
    for (const variant of ['shipped', 'development']) {
      const extension = read(variant, 'extension.js');
      assert.doesNotMatch(extension, /RE2JS|translateRegExp/, variant);
      assert.match(extension, /require\("\.\/lazy\/linearRegex\.js"\)/, variant);
      assert.match(read(variant, 'webview/logs.js'), /translateRegExp/, `${variant}: the page filters with it`);
    }
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const linear = require(path.join(dir('shipped'), 'lazy/linearRegex.js'));
    assert.equal(linear.compileLinear('(a|ab)+$', { ignoreCase: false }).regex.test('xaab'), true);
    assert.equal(linear.compileLinear(String.raw`(.*)\1x`, { ignoreCase: false }).message, 'backreference \\1 is not supported');
  });

  it('the lazy bundles load on their own and do what their modules do', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const cron = require(path.join(dir('shipped'), 'lazy/cronText.js'));
    assert.equal(cron.describeCron('30 2 * * 1,3'), 'At 02:30, only on Monday and Wednesday');
    // Berlin springs forward on 29 March 2026: 02:30 does not exist that day, the run is at 03:30 CEST.
    const runs: Date[] = cron.cronRuns('30 2 * * *', new Date('2026-03-28T12:00:00Z'), 'Europe/Berlin', 2);
    assert.deepEqual(
      runs.map((d) => d.toISOString()),
      ['2026-03-29T01:30:00.000Z', '2026-03-30T00:30:00.000Z'],
    );
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const pkcs12 = require(path.join(dir('shipped'), 'lazy/pkcs12.js'));
    assert.equal(typeof pkcs12.buildPkcs12, 'function');
    assert.throws(() => pkcs12.readPkcs12(Buffer.from('not a pkcs12')), /PKCS12: cannot be opened/);
    const ec = makeChain({ leafCurve: 'prime256v1', ecdsaCAs: true });
    const der = pkcs12.buildPkcs12({ certificatePem: ec.leaf.certificatePem, privateKeyPem: ec.leaf.key.traditionalPem, chainPem: ec.chainPem }).der;
    assert.equal(pkcs12.readPkcs12(der).chainPems.length, 2, 'an EC chain bundled by the shipped lazy bundle reads back');
  });

  it('keeps the agent tool catalog out of the extension bundle, in a lazy bundle it requires at the first tool call (#57)', () => {
    for (const variant of ['shipped', 'development']) {
      const extension = read(variant, 'extension.js');
      assert.doesNotMatch(extension, /list_protection_profiles|delete_snapshot_policy/, variant);
      assert.match(extension, /require\("\.\/lazy\/agentTools\.js"\)/, variant);
      assert.match(read(variant, 'lazy/agentTools.js'), /list_protection_profiles/, variant);
    }
    // The benches' baseline (`--eager`): the catalog in the extension bundle, as before.
    assert.match(read('eager', 'extension.js'), /list_protection_profiles/);
    assert.equal(existsSync(path.join(dir('eager'), 'lazy/agentTools.js')), false);
  });

  it('keeps the simulator out of the extension bundle: Try the Simulator requires its lazy bundle, which serves on its own (#58)', async () => {
    for (const variant of ['shipped', 'development']) {
      const extension = read(variant, 'extension.js');
      assert.doesNotMatch(extension, /No route for|X-Simulator-Token|seedTimeMs/, `${variant}: simulator code in the extension bundle`);
      assert.match(extension, /require\("\.\/lazy\/simulator\.js"\)/, variant);
    }
    // The .vsix has no simulator/ folder: the bundle holds its code and its seed, and starts alone.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { startSimulator } = require(path.join(dir('shipped'), 'lazy/simulator.js'));
    const sim = await startSimulator({ apiKey: 'bundle-check-key-0001', host: '127.0.0.1', port: 0 });
    try {
      const answer = await fetch(`${sim.url}/security/sifter/v3/profiles/all`, { headers: { authorization: 'apikey bundle-check-key-0001' } });
      assert.equal(answer.status, 200);
      assert.equal(((await answer.json()) as unknown[]).length, 250, 'the seeded profiles');
    } finally {
      await sim.close();
    }
  });

  it('keeps zod out of the extension bundle and the agent tool catalog: one lazy bundle of it, read at the first use of a member (#57)', () => {
    for (const variant of ['shipped', 'development']) {
      const extension = read(variant, 'extension.js');
      // zod's classes are named by these trait strings ("$ZodType", "$ZodObject"...): none left in the extension's own bundles.
      assert.doesNotMatch(extension, /\$Zod[A-Z]/, `${variant}: zod in the extension bundle`);
      assert.match(extension, /require\("\.\/lazy\/zod\.js"\)/, variant);
      assert.doesNotMatch(read(variant, 'lazy/agentTools.js'), /\$Zod[A-Z]/, `${variant}: a second copy of zod in the catalog's bundle`);
      assert.match(read(variant, 'lazy/agentTools.js'), /require\("\.\/zod\.js"\)/, variant);
    }
    // The lazy bundle answers what the sources read (esbuild.mjs zodMembers), and works.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const zod = require(path.join(dir('shipped'), 'lazy/zod.js')) as typeof import('zod');
    for (const name of ['strictObject', 'string', 'int', 'toJSONSchema', 'ZodError', 'iso', 'globalRegistry'])
      assert.ok(name in zod, `lazy/zod.js has no ${name}`);
    assert.equal(zod.strictObject({ a: zod.int() }).safeParse({ a: 1.5 }).success, false);
    // The MCP server is one file of its own: its zod inside.
    assert.match(read('shipped', 'mcp.js'), /\$ZodType/);
  });

  it("leaves what only the benches use out of every bundle but the benches' variant", () => {
    for (const variant of ['shipped', 'development']) {
      const files = readdirSync(dir(variant), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
      assert.ok(files.includes('main.js') && files.includes('extension.js') && files.includes('mcp.js'), `${variant}: ${files.join(', ')}`);
      for (const file of files) assert.equal(BENCH_NAMES.exec(read(variant, file))?.[0], undefined, `${variant}: ${file}`);
    }
    const bench = read('bench', 'extension.js');
    for (const name of [
      'PLATFORM_CONSOLE_BENCH_PRICING_NAIVE',
      'PLATFORM_CONSOLE_PRICE_EVENTS_FILE',
      'PLATFORM_CONSOLE_PROFILE_TIMINGS_FILE',
      'PLATFORM_CONSOLE_BENCH_INSPECT_PORT',
    ])
      assert.ok(bench.includes(name), name);
  });
});
