// Configuration drift: an edge app's variables, response headers and secret references against the
// FastEdge Launcher's dotenv files, each difference on its file and line; Pull's plan writing the
// app's values where they belong, refusing a value a .env line cannot hold; a local secret value
// in no message, no plan, no line written.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { configDrift, pullTarget, readLocalConfig } from '../../src/ui/text/configDrift';
import { maskSecretValues, planPull } from '../../src/features/edge/model/configPull';
import type { EdgeAppConfig } from '../../src/features/edge/model/edgeConfigDocument';
import { importLauncherEnv } from '../../src/features/edge/model/edgeEnvImport';
import type { LauncherFile } from '../../src/ui/text/launcherDotenv';
import testKeys from '../support/testKeys.json';

const SECRET_VALUE = testKeys.edgeSecretValue;
const app: EdgeAppConfig = {
  env: { GREETING: 'Hallo', LOG_LEVEL: 'info' },
  rsp_headers: { 'Cache-Control': 'max-age=60' },
  secrets: { API_TOKEN: { id: 636, name: 'upstream-token' }, DB: { id: 7, name: 'db-password' } },
};
type Files = { file: LauncherFile; text: string }[];
const drift = (files: Files, config = app) => configDrift(config, readLocalConfig(files, new Set(['upstream-token', 'db-password'])), 'edge app hello-edge');

describe('configDrift', () => {
  it('each difference with its kind, file and line; values for variables and headers only', () => {
    const files: Files = [
      { file: '.env', text: '# local\nFASTEDGE_VAR_ENV_GREETING=Hello\nFASTEDGE_VAR_REQ_HEADER_X=1\nFASTEDGE_VAR_RSP_HEADER_Cache-Control=max-age=60\n' },
      { file: '.env.variables', text: 'EXTRA=1\n' },
      { file: '.env.secrets', text: `API_TOKEN=${SECRET_VALUE}\nLOCAL_ONLY=${SECRET_VALUE}\nDB=upstream-token\n` },
    ];
    const found = drift(files);
    assert.deepEqual(
      found.map((d) => [d.kind, d.section, d.name, d.file, d.line]),
      [
        ['missingOnApp', 'env', 'EXTRA', '.env.variables', 1],
        ['differentValue', 'env', 'GREETING', '.env', 2],
        ['missingLocally', 'env', 'LOG_LEVEL', '.env.variables', 1],
        ['differentSecret', 'secrets', 'DB', '.env.secrets', 3],
        ['missingOnApp', 'secrets', 'LOCAL_ONLY', '.env.secrets', 2],
      ],
    );
    assert.equal(found[1]!.message, 'Variable GREETING: "Hello" here, "Hallo" on edge app hello-edge');
    assert.equal(found[2]!.message, 'Variable LOG_LEVEL="info" is on edge app hello-edge, not in these .env files');
    assert.equal(found[4]!.message, 'Secret reference LOCAL_ONLY is set here, not on edge app hello-edge');
    assert.ok(found[3]!.message.startsWith('Secret reference DB: edge app hello-edge reads Edge Secret db-password'), found[3]!.message);
    assert.ok(!JSON.stringify(found).includes(SECRET_VALUE), 'no local secret value in any difference');
  });

  it('a later file wins, as the Launcher merges them: the difference is on the winning line', () => {
    const files: Files = [
      { file: '.env.variables', text: 'GREETING=Hallo\n' },
      { file: '.env', text: 'FASTEDGE_VAR_ENV_GREETING=Hello\nFASTEDGE_VAR_ENV_LOG_LEVEL=info\n' },
    ];
    const envOnly: EdgeAppConfig = { env: app.env, rsp_headers: {}, secrets: {} };
    assert.deepEqual(drift(files, envOnly), [], '.env.variables is read after .env');
    const reversed: Files = [{ file: '.env', text: 'FASTEDGE_VAR_ENV_GREETING=Hallo\nFASTEDGE_VAR_ENV_GREETING=Hi\nFASTEDGE_VAR_ENV_LOG_LEVEL=info\n' }];
    assert.deepEqual(
      drift(reversed, envOnly).map((d) => [d.name, d.line]),
      [['GREETING', 2]],
    );
  });

  it('missing locally: on the file Pull would write, or the first file present; nothing without any file', () => {
    assert.deepEqual(drift([]), []);
    const onlyEnv: Files = [{ file: '.env', text: 'FASTEDGE_VAR_SECRET_API_TOKEN=x\n' }];
    const where = drift(onlyEnv).filter((d) => d.kind === 'missingLocally');
    assert.deepEqual(
      where.map((d) => [d.name, d.file]),
      [
        ['GREETING', '.env'],
        ['LOG_LEVEL', '.env'],
        ['Cache-Control', '.env'],
        ['DB', '.env'],
      ],
    );
    assert.match(where[3]!.message, /^Secret reference DB \(Edge Secret db-password\) is on edge app hello-edge/);
    const local = readLocalConfig(onlyEnv, new Set());
    assert.deepEqual(pullTarget('secrets', local), { file: '.env', prefixed: true });
    assert.deepEqual(pullTarget('env', local), { file: '.env.variables', prefixed: false });
  });

  it('a local secret value never comes out, whatever it is (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_.:/+-]{1,30}$/), (tail) => {
        const value = `s3cret-${tail}`;
        const files: Files = [
          { file: '.env.secrets', text: `API_TOKEN=${value}\nNEW=${value}\n` },
          { file: '.env', text: `FASTEDGE_VAR_SECRET_OTHER=${value}\n` },
        ];
        assert.ok(!JSON.stringify(drift(files)).includes(value));
        const plan = planPull(app, files, 'edge app hello-edge');
        assert.ok(plan.ok);
        // The secret lines stay as written; nothing the plan adds or says holds the value.
        for (const e of plan.edits) assert.ok(!e.after.replace(e.before ?? '', '').includes(value), e.after);
        assert.ok(!plan.keptLocal.join().includes(value));
      }),
    );
  });
});

describe('planPull', () => {
  it('changes a value where it is, adds new names to their own file, secrets as NAME= with no value; keeps local-only names', () => {
    const files: Files = [
      { file: '.env', text: 'export FASTEDGE_VAR_ENV_GREETING=Hello\r\nFASTEDGE_VAR_ENV_EXTRA=1\r\n' },
      { file: '.env.secrets', text: `API_TOKEN=${SECRET_VALUE}` },
    ];
    const plan = planPull(app, files, 'edge app hello-edge');
    assert.ok(plan.ok);
    assert.deepEqual(plan.keptLocal, ['variable EXTRA']);
    const byFile = Object.fromEntries(plan.edits.map((e) => [e.file, e]));
    assert.deepEqual(Object.keys(byFile).sort(), ['.env', '.env.rsp_headers', '.env.secrets']);
    assert.equal(byFile['.env']!.after, 'export FASTEDGE_VAR_ENV_GREETING=Hallo\r\nFASTEDGE_VAR_ENV_EXTRA=1\r\nFASTEDGE_VAR_ENV_LOG_LEVEL=info\r\n');
    assert.equal(byFile['.env.rsp_headers']!.before, undefined, 'created');
    assert.match(byFile['.env.rsp_headers']!.after, /^Cache-Control=max-age=60$/m);
    const secrets = byFile['.env.secrets']!.after;
    assert.ok(secrets.startsWith(`API_TOKEN=${SECRET_VALUE}\n`), 'the local secret line stays as written');
    assert.match(secrets, /^# DB: the value stays on the platform \(Edge Secret db-password\)/m);
    assert.match(secrets, /^DB=$/m);
    // After the pull, nothing differs but the name kept locally.
    const after = plan.edits.map((e) => ({ file: e.file, text: e.after }));
    assert.deepEqual(
      drift(after).map((d) => [d.kind, d.name]),
      [['missingOnApp', 'EXTRA']],
    );
  });

  it('a value a .env line cannot hold refuses the whole pull, naming the entry and the rule', () => {
    const config: EdgeAppConfig = { env: { MULTI: 'a\nb', PADDED: ' x', QUOTED: '"q"', HASH: 'a #b', OK: 'fine' }, rsp_headers: {}, secrets: {} };
    const plan = planPull(config, [{ file: '.env', text: '' }], 'edge app x');
    assert.equal(plan.ok, false);
    assert.deepEqual(!plan.ok && plan.problems, [
      'Variable HASH holds " #", which starts a comment in a .env line',
      'Variable MULTI has a line break, and a .env line holds one line (the FastEdge Launcher reads no quotes)',
      'Variable PADDED has spaces at its start or end, which a .env line drops',
      'Variable QUOTED starts with a quote, which reading a .env line removes',
    ]);
  });

  it('what it writes reads back as the app (property): no difference left in variables and headers', () => {
    const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,12}$/);
    const value = fc.string({ maxLength: 20 }).filter((v) => v === v.trim() && !/[\r\n]/.test(v) && !/^["'`]/.test(v) && !/\s#/.test(v) && !v.startsWith('#'));
    fc.assert(
      fc.property(fc.dictionary(name, value), fc.dictionary(name, value), fc.constantFrom('.env', '.env.variables'), (env, local, file) => {
        const text = Object.entries(local)
          .map(([k, v]) => `${file === '.env' ? 'FASTEDGE_VAR_ENV_' : ''}${k}=${v}`)
          .join('\n');
        const config: EdgeAppConfig = { env, rsp_headers: {}, secrets: {} };
        const plan = planPull(config, [{ file, text }], 'edge app x');
        assert.ok(plan.ok, JSON.stringify(plan));
        const files = [{ file, text }, ...plan.edits.map((e) => ({ file: e.file, text: e.after }))].filter(
          (f, i, all) => all.findLastIndex((g) => g.file === f.file) === i,
        );
        assert.deepEqual(
          drift(files, config).filter((d) => d.kind !== 'missingOnApp'),
          [],
        );
      }),
    );
  });

  it('Apply to App after a pull keeps the app secret references: NAME= and local values name nothing new', () => {
    const files: Files = [{ file: '.env.secrets', text: `API_TOKEN=${SECRET_VALUE}\nDB=\nNEW=${SECRET_VALUE}\n` }];
    const r = importLauncherEnv(files, new Set(['upstream-token', 'db-password']), new Set(['API_TOKEN', 'DB']));
    assert.deepEqual(r.config.secrets, { NEW: { name: 'NEW' } }, 'the referenced keys keep the document reference (merge)');
    assert.deepEqual(
      r.missingSecrets.map((m) => m.key),
      ['NEW'],
    );
  });

  it('the diff masks every secret line value, in .env (prefixed) and .env.secrets; other lines and NAME= stay', () => {
    const env = `FASTEDGE_VAR_ENV_A=1\r\nFASTEDGE_VAR_SECRET_T=${SECRET_VALUE}\r\nFASTEDGE_VAR_SECRET_EMPTY=\r\n`;
    assert.equal(maskSecretValues('.env', env), 'FASTEDGE_VAR_ENV_A=1\r\nFASTEDGE_VAR_SECRET_T=<local value, not shown>\r\nFASTEDGE_VAR_SECRET_EMPTY=\r\n');
    assert.equal(maskSecretValues('.env.secrets', `# c\nT = "${SECRET_VALUE}"\n`), '# c\nT =<local value, not shown>\n');
    assert.equal(maskSecretValues('.env.variables', 'T=shown\n'), 'T=shown\n');
    assert.equal(maskSecretValues('.env.secrets', `${SECRET_VALUE}\nA=\n`), '# <a line that is not NAME=value, not shown>\nA=\n', 'a value pasted alone');
  });
});
