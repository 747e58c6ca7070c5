// The app configuration document: written and read back unchanged, every refusal naming its line
// and rule, the changes per section; as the catalog operation's input, the PATCH carrying only
// changed sections and the confirmation's facts; and the Launcher's .env files imported without
// any secret value in what comes out.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { configOfApp, parseConfig, serializeConfig, type EdgeAppConfig } from '../../src/features/edge/model/edgeConfigDocument';
import { anyChange, configChanges, configInput, resolveSecretRefs, secretNamesOf } from '../../src/features/edge/model/edgeConfigChanges';
import { setEdgeAppConfig } from '../../src/operations/edgeAppConfig';
import { targetOf } from '../../src/operations/operation';
import { importLauncherEnv, mergeImport, parseDotenv } from '../../src/features/edge/model/edgeEnvImport';
import { parseEnvEntries } from '../../src/features/edge/model/edgeAppCreateRules';
import testKeys from '../support/testKeys.json';

const app = {
  env: { GREETING: 'Hallo', LOG_LEVEL: 'info', JSON: '{"a":1}\n', PADDED: ' x ' },
  rsp_headers: { 'Cache-Control': 'max-age=60' },
  secrets: { API_TOKEN: { id: 636, name: 'upstream-token', comment: 'rotated' } },
};
const known = [
  { id: 636, name: 'upstream-token' },
  { id: 637, name: 'db-password' },
];

/** The document's change as the command sends and confirms it (the catalog operation over the app as read). */
function applied(current: EdgeAppConfig, desired: EdgeAppConfig) {
  const input = configInput(12, desired, configChanges(current, desired));
  const thing = { app, secretNames: secretNamesOf(current, desired) };
  const target = targetOf(setEdgeAppConfig, input, thing);
  return {
    body: setEdgeAppConfig.requestFor!(input, thing)?.call.body as Record<string, Record<string, unknown>> | undefined,
    facts: target.facts.filter(([label]) => !['App', 'ID', 'URL'].includes(label)),
    destructive: target.destructive,
  };
}

const parsed = (text: string): EdgeAppConfig => {
  const r = parseConfig(text);
  assert.ok(r.ok, JSON.stringify(!r.ok && r.problems));
  return r.config;
};

describe('edge config document', () => {
  it('reads back what it writes, newlines and edge spaces included', () => {
    const config = configOfApp(app);
    const text = serializeConfig(config, ['Edge app hello (12)']);
    assert.match(text, /^\[env\]$/m);
    assert.match(text, /^GREETING=Hallo$/m);
    assert.match(text, /^JSON="\{\\"a\\":1\}\\n"$/m);
    assert.match(text, /^API_TOKEN=upstream-token$/m);
    const back = parsed(text);
    assert.deepEqual(back.env, app.env);
    assert.deepEqual(back.rsp_headers, app.rsp_headers);
    assert.deepEqual(back.secrets, { API_TOKEN: { name: 'upstream-token' } });
  });

  it('refuses bad lines, naming the line and the rule', () => {
    const r = parseConfig(
      ['[env]', 'OK=1', 'no equals', 'OK=2', '[rsp_headers]', 'Bad Header=x', '[secrets]', 'S=-bad-', 'T=0', '[stores]', 'X="unterminated'].join('\n'),
    );
    assert.equal(r.ok, false);
    const problems = !r.ok ? r.problems : [];
    assert.deepEqual(
      problems.map((p) => p.line),
      [3, 4, 6, 8, 9, 10, 11],
    );
    assert.match(problems[1]?.message ?? '', /already set on line 2/);
    assert.match(problems[2]?.message ?? '', /HTTP field name/);
    assert.match(problems[3]?.message ?? '', /no Edge Secret name/);
    assert.match(problems[5]?.message ?? '', /unknown section: the sections are/);
    assert.match(problems[6]?.message ?? '', /must follow a section/);
  });

  it('never quotes a value or a raw line in a problem: a secret pasted anywhere names only its line, key and rule', () => {
    const secret = testKeys.edgeSecretValue;
    const lines = [
      '[secrets]',
      `TOKEN=${secret}!`, // 2: not a reference (a pasted value)
      `SPACED=${secret} and more`, // 3
      `QUOTED="${secret}`, // 4: an unterminated JSON string
      `DUP=${secret}-`, // 5: ends with "-": no name
      `${secret}`, // 6: no "="
      `[${secret}]`, // 7: no section
      '[rsp_headers]',
      `X-Header="${secret}\\u0001"`, // 9: a control character
      `${secret} x=1`, // 10: a name with a space
    ];
    const r = parseConfig(lines.join('\n'));
    const problems = !r.ok ? r.problems : [];
    assert.deepEqual(
      problems.map((p) => p.line),
      [2, 3, 4, 5, 6, 7, 9, 10],
    );
    for (const p of problems) assert.equal(p.message.includes(secret), false, `line ${p.line}: ${p.message}`);
    assert.match(problems[0]?.message ?? '', /^TOKEN: .*Edge Secret name/);
    assert.match(problems[2]?.message ?? '', /^QUOTED: /);
    const unresolved = resolveSecretRefs(parsed(`[secrets]\nTOKEN=${secret}\nPIN=4242\n`), known);
    assert.equal(unresolved.ok, false);
    const said = !unresolved.ok ? unresolved.problems : [];
    assert.equal(said.length, 2);
    for (const p of said) assert.equal(p.includes(secret) || p.includes('4242'), false, p);
    assert.match(said[0] ?? '', /TOKEN/);
    for (const text of [`${secret}`, `1${secret}=x`, `A=1\nA=${secret}`, `bad key ${secret}=1`]) {
      const env = parseEnvEntries(text);
      assert.ok('problem' in env, text);
      assert.equal(env.problem.includes(secret), false, env.problem);
    }
  });

  it('reads a secret reference by id or by name', () => {
    const c = parsed('[secrets]\nA=636\nB=db-password\n');
    assert.deepEqual(c.secrets, { A: { id: 636 }, B: { name: 'db-password' } });
  });
});

describe('edge config changes', () => {
  it('lists added, changed and removed per section and patches only those sections', () => {
    const current = configOfApp(app);
    const edited = parsed(serializeConfig(current).replace('GREETING=Hallo', 'GREETING=Hello\nNEW=1').replace('LOG_LEVEL=info\n', ''));
    const resolved = resolveSecretRefs(edited, known);
    assert.ok(resolved.ok);
    const changes = configChanges(current, resolved.config);
    assert.deepEqual(changes.env, { added: ['NEW'], changed: ['GREETING'], removed: ['LOG_LEVEL'] });
    assert.equal(anyChange({ ...changes, env: { added: [], changed: [], removed: [] } }), false);
    const { body, facts, destructive } = applied(current, resolved.config);
    assert.deepEqual(Object.keys(body!), ['env']);
    assert.deepEqual(body!.env, { GREETING: 'Hello', JSON: '{"a":1}\n', PADDED: ' x ', NEW: '1' });
    assert.deepEqual(facts, [
      ['Variable NEW', 'added "1"'],
      ['Variable GREETING', '"Hallo" -> "Hello"'],
      ['Variable LOG_LEVEL', 'removed (was "info")'],
    ]);
    assert.match(destructive ?? '', /^it removes 1 and overwrites 1 of the app's values/);
  });

  it('#52: every change is listed with its whole value: nothing cut, nothing left out', () => {
    const current = configOfApp(app);
    const long = `https://good.example/${'a'.repeat(120)}@evil.example`;
    const many = Array.from({ length: 30 }, (_, i) => `V${i}=${i}`).join('\n');
    const resolved = resolveSecretRefs(parsed(serializeConfig(current).replace('GREETING=Hallo', `GREETING=${long}\n${many}`)), known);
    assert.ok(resolved.ok);
    const { facts } = applied(current, resolved.config);
    assert.ok(
      facts.some(([label, value]) => label === 'Variable GREETING' && value === `"Hallo" -> ${JSON.stringify(long)}`),
      JSON.stringify(facts),
    );
    assert.equal(facts.filter(([label]) => /^Variable V\d+$/.test(label)).length, 30);
  });

  it('resolves secret names to ids, refuses unknown ones, and shows secrets by name and id', () => {
    const current = configOfApp(app);
    const edited = parsed('[secrets]\nAPI_TOKEN=637\nDB=db-password\n');
    const resolved = resolveSecretRefs(edited, known);
    assert.ok(resolved.ok);
    const changes = configChanges(current, resolved.config);
    assert.deepEqual(changes.secrets, { added: ['DB'], changed: ['API_TOKEN'], removed: [] });
    const { body, facts } = applied(current, resolved.config);
    assert.deepEqual(body!.secrets, { API_TOKEN: { id: 637 }, DB: { id: 637 } });
    assert.deepEqual(
      facts.filter(([label]) => label.startsWith('Secret')),
      [
        ['Secret reference DB', 'added secret db-password (id 637)'],
        ['Secret reference API_TOKEN', 'secret upstream-token (id 636) -> secret db-password (id 637)'],
      ],
    );
    const unknown = resolveSecretRefs(parsed('[secrets]\nX=nope\nY=999\n'), known);
    assert.equal(unknown.ok, false);
    assert.deepEqual(!unknown.ok && unknown.problems.length, 2);
  });

  it('a reference by the same id is no change', () => {
    const current = configOfApp(app);
    const resolved = resolveSecretRefs(parsed('[secrets]\nAPI_TOKEN=636\n'), known);
    assert.ok(resolved.ok);
    assert.deepEqual(configChanges(current, resolved.config).secrets, { added: [], changed: [], removed: [] });
  });
});

describe('Launcher .env import', () => {
  const SECRET_VALUE = 'sk_live_do-not-leak-4711';
  const files = [
    { file: '.env.secrets' as const, text: `JWT_SECRET=${SECRET_VALUE}\nDB=db-password\n` },
    {
      file: '.env' as const,
      text: [
        'BARE=1',
        'export FASTEDGE_VAR_ENV_API_URL="https://api.example.com" ',
        `FASTEDGE_VAR_SECRET_TOKEN='${SECRET_VALUE}'`,
        'FASTEDGE_VAR_RSP_HEADER_Cache-Control=no-store # local',
        'FASTEDGE_VAR_REQ_HEADER_X_TEST=1',
        'FASTEDGE_VAR_KV_STORE=x',
      ].join('\n'),
    },
    { file: '.env.variables' as const, text: 'API_URL=https://override.example.com\n' },
    { file: '.env.rsp_headers' as const, text: 'X-Frame-Options=DENY\n' },
  ];

  it('reads the prefixes and the per-type files, later files winning', () => {
    const r = importLauncherEnv(files, new Set(['db-password']));
    assert.deepEqual(r.files, ['.env', '.env.variables', '.env.secrets', '.env.rsp_headers']);
    assert.deepEqual(r.config.env, { BARE: '1', API_URL: 'https://override.example.com' });
    assert.deepEqual(r.config.rsp_headers, { 'Cache-Control': 'no-store', 'X-Frame-Options': 'DENY' });
    assert.deepEqual(r.config.secrets, { TOKEN: { name: 'TOKEN' }, JWT_SECRET: { name: 'JWT_SECRET' }, DB: { name: 'db-password' } });
    assert.deepEqual(
      r.missingSecrets.map((m) => m.key),
      ['TOKEN', 'JWT_SECRET'],
    );
    assert.equal(r.skipped.length, 2);
    assert.match(r.skipped[0] ?? '', /local runs only/);
  });

  it('never carries a secret value into the document or its notes', () => {
    const r = importLauncherEnv(files, new Set(['db-password']));
    const doc = serializeConfig(mergeImport(configOfApp(app), r.config));
    const everything = [doc, JSON.stringify(r)].join('\n');
    assert.equal(everything.includes(SECRET_VALUE), false);
    assert.ok(parseConfig(doc).ok);
  });

  it('dotenv lines: quotes, export, comments', () => {
    assert.deepEqual(
      parseDotenv('A="x # y"\nB=z # c\n# no\nC\n').map(({ key, value }) => [key, value]),
      [
        ['A', 'x # y'],
        ['B', 'z'],
        ['', ''],
      ],
    );
  });
});
