// The Create Edge App wizard's steps, driven through a scripted UI: template path with one prompt
// per param (each names the param and its description; a mandatory one required; checked by its
// type as typed), Back between params and across steps, the binary path, bad names and env entries refused as typed; the request body and the
// confirmation's facts (param and env names, never values); secret params picked from the account's
// secrets and store params typed as ids, both sent as references (never in env) and named in the confirmation.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EdgeTemplate } from '../../src/schema/edge';
import { runWizard } from '../../src/ui/wizard';
import { createRequest, edgeCreateSteps, type EdgeCreateSource, type EdgeCreateState } from '../../src/features/edge/edgeCreateFlow';
import { createEdgeApp } from '../../src/operations/edgeCreate';
import { targetOf } from '../../src/operations/operation';
import { PRESS_BACK, ScriptedUi } from '../support/scriptedUi';

const template: EdgeTemplate = {
  id: 301,
  name: 'Hello World HTTP',
  params: [
    { name: 'LOG_LEVEL', data_type: 'enum', mandatory: true, descr: 'Log verbosity', metadata: '{"values":["debug","info"]}' },
    { name: 'MAX_WIDTH', data_type: 'number', mandatory: false, descr: 'Largest width served', metadata: '' },
  ],
};
/** What the finished wizard sends (the operation's request) and what its confirmation shows (the operation's facts). */
const sent = (state: EdgeCreateState) => createEdgeApp.request(createRequest(state).input).call.body as Record<string, unknown>;
const shownOf = (state: EdgeCreateState) => {
  const { input, thing } = createRequest(state);
  return targetOf(createEdgeApp, input, thing)
    .facts.map(([k, v]) => `${k}: ${v}`)
    .join('\n');
};

const source: EdgeCreateSource = {
  templates: async () => ({ items: [{ id: 301, name: 'Hello World HTTP', short_descr: 'Answers hello' }] }),
  template: async () => template,
  binaries: async () => ({
    items: [
      { id: 4748, status: 1, api_type: 'wasi-http', checksum: 'abc', usedBy: ['hello-edge'] },
      { id: 9001, status: 1, api_type: 'wasi-http', unref_since: '2026-11-27T00:00:00Z', usedBy: [] },
    ],
  }),
  templatesMissing: () => false,
  binariesMissing: () => false,
  secrets: async () => ({
    items: [
      { id: 636, name: 'upstream-token', comment: 'rotated monthly', app_count: 1 },
      { id: 637, name: 'db-password', comment: '', app_count: 0 },
    ],
  }),
  secretsMissing: () => false,
  stores: () => storePages(),
  storesMissing: () => false,
  logError: () => undefined,
};
/** Two pages of stores, as ListPages reads them: the second after "Load more…". */
function storePages() {
  const pages = [[{ id: 126, name: 'resized-cache', comment: 'Resized images', app_count: 1 }], [{ id: 127, name: 'geo-table', comment: '', app_count: 0 }]];
  let read = 0;
  const items = () => ({ items: pages.slice(0, read).flat() });
  return {
    first: async () => ((read = 1), items()),
    more: async () => ((read = Math.min(read + 1, pages.length)), items()),
    hasMore: () => read < pages.length,
    shown: () => `${read} of ${pages.length} shown`,
  };
}
const refTemplate: EdgeTemplate = {
  id: 304,
  name: 'Token Gate',
  params: [
    { name: 'UPSTREAM', data_type: 'string', mandatory: true, descr: 'Where to forward', metadata: '' },
    { name: 'API_TOKEN', data_type: 'secret', mandatory: true, descr: 'Token for the upstream', metadata: '' },
    { name: 'DB_PASS', data_type: 'secret', mandatory: false, descr: 'Database password', metadata: '' },
    { name: 'CACHE_STORE', data_type: 'store', mandatory: false, descr: 'Edge store for answers', metadata: '' },
  ],
};
const run = (answers: ConstructorParameters<typeof ScriptedUi>[0], state: EdgeCreateState = {}, from: EdgeCreateSource = source) => {
  const ui = new ScriptedUi(answers);
  return { ui, done: runWizard(state, { title: 'Create Edge App (Sim)', steps: edgeCreateSteps(from), ui }) };
};

describe('Create Edge App wizard', () => {
  it('from a template: each param named with its description, mandatory required, typed checks; Back between params', async () => {
    const { ui, done } = run([
      'From a template',
      'Hello World HTTP',
      '',
      'verbose',
      'info',
      'wide',
      PRESS_BACK,
      'debug',
      '640',
      'Bad_Name',
      'my-app',
      '',
      'A=1; B=two',
    ]);
    const state = await done;
    assert.ok(state);
    assert.deepEqual(state.params, { LOG_LEVEL: 'debug', MAX_WIDTH: '640' });
    const level = ui.prompts.filter((p) => p.prompt.startsWith('LOG_LEVEL'));
    assert.match(level[0]!.prompt, /^LOG_LEVEL \(required\): Log verbosity \[enum\]/);
    assert.deepEqual(level[0]!.refusals, ['LOG_LEVEL is required.', 'LOG_LEVEL must be one of: debug, info.']);
    assert.equal(level[1]!.value, 'info', 'Back returns to the param with its value');
    assert.deepEqual(ui.prompts.find((p) => p.prompt.startsWith('MAX_WIDTH'))!.refusals, ['MAX_WIDTH must be a number.']);
    // The name and comment are the operation's inputs: named by their titles, checked by their own rules.
    const name = ui.prompts.find((p) => p.prompt.startsWith('App name'))!;
    assert.equal(name.prompt, 'App name (1 to 64 characters)');
    assert.deepEqual(name.refusals, ['App name: must be lowercase letters, digits and "-", not starting or ending with "-" (^[a-z0-9][a-z0-9-]*[a-z0-9]$)']);
    assert.equal(ui.prompts[ui.prompts.indexOf(name) + 1]!.prompt, 'Comment (at most 1024 characters; optional, empty to leave it out)');
    assert.deepEqual(sent(state), { name: 'my-app', template: 301, env: { A: '1', B: 'two', LOG_LEVEL: 'debug', MAX_WIDTH: '640' } });
    const shown = shownOf(state);
    assert.match(shown, /Template params: LOG_LEVEL \(5 characters, not shown\), MAX_WIDTH \(3 characters, not shown\)/);
    assert.match(shown, /Env variables: A \(1 character, not shown\), B \(3 characters, not shown\)/);
    assert.ok(!shown.includes('two') && !shown.includes('640'), 'no value in the confirmation');
  });

  it('from a binary: picked from the list; Back from the name reopens it; bad env entries refused as typed', async () => {
    const { ui, done } = run(['From a binary', 'Binary 9001', PRESS_BACK, 'Binary 9001', 'from-bin', 'note', '1BAD=x', 'GOOD=1']);
    const state = await done;
    assert.ok(state);
    const pick = ui.prompts.find((p) => p.items?.includes('Binary 4748'))!;
    assert.ok(pick.items!.includes('Binary 9001'));
    assert.equal(ui.prompts.filter((p) => p.items?.includes('Binary 4748')).length, 2, 'Back from the name reopens the binary list');
    assert.match(
      ui.prompts.find((p) => p.prompt.startsWith('Environment'))!.refusals[0]!,
      /^Entry \d+: a variable name is letters, digits and "_", not starting with a digit\.$/,
    );
    assert.deepEqual(sent(state), { name: 'from-bin', binary: 9001, env: { GOOD: '1' }, comment: 'note' });
  });

  it("secret and store params are picked from the account's lists by name (stores paged): sent as references, named in the confirmation", async () => {
    const from = { ...source, template: async () => refTemplate };
    const { ui, done } = run(
      [
        'From a template',
        'Hello World HTTP',
        'https://origin.example',
        'upstream-token',
        PRESS_BACK,
        'db-password',
        '$(circle-slash) No secret',
        '$(more) Load more…',
        'geo-table',
        'gate',
        '',
        'A=1',
      ],
      {},
      from,
    );
    const state = await done;
    assert.ok(state);
    const secretPicks = ui.prompts.filter((p) => p.kind === 'pick' && p.items?.includes('upstream-token'));
    assert.deepEqual(secretPicks[0]!.items!.slice(0, 2), ['upstream-token', 'db-password'], 'a required secret param offers no "No secret"');
    assert.equal(secretPicks[1]!.items![0], '$(circle-slash) No secret', 'an optional secret param may pick none, offered first');
    assert.equal(secretPicks[1]!.active, '$(circle-slash) No secret');
    assert.equal(secretPicks[2]!.active, 'upstream-token', 'Back returns to the previous secret pick with its choice highlighted');
    const storePicks = ui.prompts.filter((p) => p.kind === 'pick' && p.items?.includes('resized-cache'));
    assert.deepEqual(storePicks[0]!.items, ['$(circle-slash) No store', 'resized-cache', '$(more) Load more…', '$(edit) Enter an ID…']);
    assert.deepEqual(storePicks[1]!.items, ['$(circle-slash) No store', 'resized-cache', 'geo-table', '$(edit) Enter an ID…'], 'Load more… adds the next page');
    assert.deepEqual(sent(state), {
      name: 'gate',
      template: 301,
      env: { A: '1', UPSTREAM: 'https://origin.example' },
      secrets: { API_TOKEN: { id: 637 } },
      stores: { CACHE_STORE: { id: 127 } },
    });
    const shown = shownOf(state);
    assert.match(shown, /Template params: UPSTREAM \(22 characters, not shown\)\n/);
    assert.match(shown, /Secret references: API_TOKEN -> db-password \(637\)\n/);
    assert.match(shown, /Store references: CACHE_STORE -> geo-table \(127\)\n/);
  });

  it('a secret or store the list does not show is entered by id (checked as typed); without a list the id is asked at once', async () => {
    const from = { ...source, template: async () => ({ ...refTemplate, params: refTemplate.params!.slice(1, 2) }) };
    const { done } = run(['From a template', 'Hello World HTTP', '$(edit) Enter an ID…', '', '640', 'typed-ref', '', ''], {}, from);
    const state = await done;
    assert.ok(state);
    assert.deepEqual(sent(state).secrets, { API_TOKEN: { id: 640 } });
    assert.match(shownOf(state), /Secret references: API_TOKEN -> secret 640/);
    const missing = {
      ...source,
      template: async () => ({ ...refTemplate, params: refTemplate.params!.slice(1) }),
      secretsMissing: () => true,
      storesMissing: () => true,
    };
    const again = run(['From a template', 'Hello World HTTP', '641', '', 'abc', '0', '126', 'typed-ref', '', ''], {}, missing);
    assert.deepEqual(sent((await again.done)!), {
      name: 'typed-ref',
      template: 301,
      secrets: { API_TOKEN: { id: 641 } },
      stores: { CACHE_STORE: { id: 126 } },
    });
    assert.equal(again.ui.prompts.filter((p) => p.kind === 'pick' && (p.items?.includes('upstream-token') || p.items?.includes('resized-cache'))).length, 0);
    const store = again.ui.prompts.find((p) => p.prompt.startsWith('CACHE_STORE'))!;
    assert.match(store.prompt, /^CACHE_STORE \(optional\): Edge store for answers \[store\]: the store id$/);
    // The id's rule is the operation's on an entry of `stores`, named by the param.
    assert.deepEqual(store.refusals, ['CACHE_STORE (store id): must be a whole number', 'CACHE_STORE (store id): must be at least 1']);
  });

  it('a template or binary the list does not show is typed by its input title and rule, required; a param value past the operation rule is refused as typed', async () => {
    const { ui, done } = run(
      ['From a template', '$(edit) Enter an ID…', '', '0', '301', 'v'.repeat(4097), 'hi', 'typed-template', '', ''],
      {},
      {
        ...source,
        template: async () => ({ ...template, params: [{ name: 'GREETING', data_type: 'string', mandatory: false, descr: 'Said first', metadata: '' }] }),
      },
    );
    const state = await done;
    assert.ok(state);
    const typed = ui.prompts.find((p) => p.kind === 'input' && p.prompt.startsWith('Template ID'))!;
    assert.equal(typed.prompt, 'Template ID (a positive whole number)');
    assert.deepEqual(typed.refusals, ['Template ID: must not be empty', 'Template ID: must be at least 1']);
    assert.deepEqual(ui.prompts.find((p) => p.prompt.startsWith('GREETING'))!.refusals, ['GREETING: must be at most 4096 characters']);
    assert.deepEqual(sent(state), { name: 'typed-template', template: 301, env: { GREETING: 'hi' } });
  });
});
