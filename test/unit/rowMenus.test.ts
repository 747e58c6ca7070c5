// The menus the UI walks once clicked in the rendered workbench (#53 moved those walks out of
// `npm test`; the integration tests run each command on the row's node): each action is offered
// on the rows whose context value the tree gives them, and on no other; every view of the
// sidebar offers Sign In when signed out. The `when` clauses are read as VS Code reads them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { edgeAppContext } from '../../src/features/edge/model/edgeAppActions';

interface MenuItem {
  command: string;
  when?: string;
  group?: string;
}
interface Manifest {
  contributes: {
    commands: { command: string; title: string }[];
    menus: Record<string, MenuItem[]>;
    views: Record<string, { id: string; name: string }[]>;
    viewsWelcome: { view: string; when?: string; contents: string }[];
  };
}
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Manifest;
const commandOf = (title: string) => {
  const found = manifest.contributes.commands.filter((c) => c.title === title);
  assert.equal(found.length, 1, `one command titled ${title}`);
  return found[0]!.command;
};

type Context = Record<string, string | boolean | readonly string[] | undefined>;

/** A `when` clause of `&&`-joined terms (`key`, `!key`, `key == v`, `key != v`, `key =~ /re/`, `key in listKey`) against a context. */
function holds(when: string | undefined, context: Context): boolean {
  if (!when) return true;
  assert.ok(!when.includes('||'), `a clause this reader knows: ${when}`);
  return when.split('&&').every((raw) => {
    const term = raw.trim();
    let m = /^(\S+)\s*=~\s*\/(.*)\/$/.exec(term);
    if (m) return new RegExp(m[2]!).test(String(context[m[1]!] ?? ''));
    m = /^(\S+)\s+in\s+(\S+)$/.exec(term);
    if (m) {
      const list = context[m[2]!];
      return Array.isArray(list) && list.includes(String(context[m[1]!] ?? ''));
    }
    m = /^(\S+)\s*(==|!=)\s*(\S+)$/.exec(term);
    if (m) return (String(context[m[1]!] ?? '') === m[3]) === (m[2] === '==');
    m = /^(!?)(\S+)$/.exec(term);
    assert.ok(m, `a term this reader knows: ${term}`);
    return Boolean(context[m[2]!]) !== (m[1] === '!');
  });
}

/** The commands a menu offers in this context: inline (the row's buttons) or in its context menu. */
function offered(menu: string, context: Context, inline?: boolean): string[] {
  return (manifest.contributes.menus[menu] ?? [])
    .filter((i) => inline === undefined || (i.group?.startsWith('inline') ?? false) === inline)
    .filter((i) => holds(i.when, context))
    .map((i) => i.command);
}

const signedIn = { 'platformConsole.signedIn': true, 'platformConsole.signedOut': false };
const row = (view: string, viewItem: string): Context => ({ ...signedIn, view: `platformConsole.${view}`, viewItem });

describe('row menus the UI walks used (their commands proven in the integration tier)', () => {
  const cases: { what: string; context: Context; inline?: boolean; titles: string[]; notOn: Context[] }[] = [
    {
      what: 'a Cloud secret (cloudWalk: Delete Secret…)',
      context: row('cloud', 'platformConsole.cloud.secret.expiring'),
      inline: false,
      titles: ['Delete Secret…'],
      notOn: [row('cloud', 'platformConsole.cloud.policy.active'), row('edge', 'platformConsole.cloud.secret.expiring')],
    },
    {
      what: 'an active snapshot policy (cloudWalk: Pause Snapshot Policy…)',
      context: row('cloud', 'platformConsole.cloud.policy.active'),
      inline: false,
      titles: ['Pause Snapshot Policy…'],
      notOn: [row('cloud', 'platformConsole.cloud.policy.paused')],
    },
    {
      what: 'a snapshot schedule (cloudWalk: Remove Snapshot Schedule…)',
      context: row('cloud', 'platformConsole.cloud.schedule'),
      inline: false,
      titles: ['Remove Snapshot Schedule…'],
      notOn: [row('cloud', 'platformConsole.cloud.policy.active')],
    },
    {
      what: 'a function (cloudWalk: Open Function Logs…)',
      context: row('cloud', 'platformConsole.cloud.function.active'),
      inline: false,
      titles: ['Open Function Logs…'],
      notOn: [row('cloud', 'platformConsole.cloud.namespace')],
    },
    {
      what: 'a hidden env value (edge: the Reveal Value button on the row)',
      context: row('edge', 'platformConsole.edgeEnv.hidden'),
      inline: true,
      titles: ['Reveal Value'],
      notOn: [row('edge', 'platformConsole.edgeEnv.revealed')],
    },
    {
      what: 'a revealed env value (edge: the Hide Value button on the row)',
      context: row('edge', 'platformConsole.edgeEnv.revealed'),
      inline: true,
      titles: ['Hide Value'],
      notOn: [row('edge', 'platformConsole.edgeEnv.hidden')],
    },
    {
      what: 'a listed disabled app (edgeDone: Enable App, Edit Configuration…, Open App Logs…; edgeCreate: Delete App…)',
      context: row('edge', edgeAppContext('platformConsole.edgeListed.app', 2)),
      inline: false,
      titles: ['Enable App', 'Edit Configuration…', 'Open App Logs…', 'Delete App…'],
      notOn: [
        row('edge', 'platformConsole.edgeListed.template'),
        { ...row('edge', edgeAppContext('platformConsole.edgeListed.app', 2)), 'platformConsole.signedIn': false },
      ],
    },
    {
      what: 'a kv pair in an edge store (edgeKv: Open Value, Put Key…, Delete Key); a sorted set is only opened',
      context: row('edge', 'platformConsole.edgeKvKey.kv'),
      inline: false,
      titles: ['Open Value', 'Put Key…', 'Delete Key'],
      notOn: [row('edge', 'platformConsole.edgeKvStores'), { ...row('edge', 'platformConsole.edgeKvKey.kv'), 'platformConsole.signedIn': false }],
    },
    {
      what: 'an edge store (edgeKv: the Put Key… and Filter Keys buttons on the row), filtered or not; not the group',
      context: row('edge', 'platformConsole.edgeKvStore'),
      inline: true,
      titles: ['Put Key…', 'Filter Keys by Prefix…'],
      notOn: [row('edge', 'platformConsole.edgeKvStores'), row('edge', 'platformConsole.edgeKvKey.kv')],
    },
    {
      what: 'a filtered edge store (edgeKv: the Clear Key Filter button)',
      context: row('edge', 'platformConsole.edgeKvStore.filtered'),
      inline: true,
      titles: ['Clear Key Filter'],
      notOn: [row('edge', 'platformConsole.edgeKvStore'), row('edge', 'platformConsole.edgeKvStores')],
    },
    {
      what: "a region's Secrets group, filtered or not (cloudSecretFind: Filter Secrets…, Go to Secret…; Create Secret… stays)",
      context: row('cloud', 'platformConsole.cloud.secrets.filtered'),
      inline: false,
      titles: ['Filter Secrets…', 'Go to Secret…', 'Create Secret…'],
      notOn: [row('cloud', 'platformConsole.cloud.policies'), row('cloud', 'platformConsole.cloud.secret.valid'), row('edge', 'platformConsole.cloud.secrets')],
    },
    {
      what: 'an unfiltered Secrets group (cloudSecretFind: Filter Secrets…, Go to Secret…)',
      context: row('cloud', 'platformConsole.cloud.secrets'),
      inline: false,
      titles: ['Filter Secrets…', 'Go to Secret…', 'Create Secret…'],
      notOn: [row('cloud', 'platformConsole.cloud.region'), row('cloud', 'platformConsole.cloud.secrets.filteredx')],
    },
    {
      what: 'a filtered Secrets group (cloudSecretFind: the Clear Secret Filter button)',
      context: row('cloud', 'platformConsole.cloud.secrets.filtered'),
      inline: true,
      titles: ['Clear Secret Filter'],
      notOn: [row('cloud', 'platformConsole.cloud.secrets'), row('cloud', 'platformConsole.cloud.policies')],
    },
    {
      what: 'a protection profile (profiles: its context menu; profileCreate: Delete…)',
      context: row('protectionProfiles', 'platformConsole.profile'),
      inline: false,
      titles: ['Rename…', 'Change Template…', 'Edit Fields…', 'Copy ID', 'Copy as JSON', 'Delete Protection Profile…'],
      notOn: [row('protectionProfiles', 'platformConsole.profileNetwork'), row('protectionProfiles', 'platformConsole.loadMore')],
    },
    {
      what: 'a completed report task (reportSave: Save Report As…, Delete Report Task…)',
      context: row('reportTasks', 'platformConsole.reportTask.completed'),
      inline: false,
      titles: ['Save Report As…', 'Delete Report Task…'],
      notOn: [row('reportTasks', 'platformConsole.reportDetail')],
    },
  ];
  for (const c of cases) {
    it(`${c.what}: offered there, on no other row`, () => {
      const here = offered('view/item/context', c.context, c.inline);
      for (const title of c.titles) {
        const command = commandOf(title);
        assert.ok(here.includes(command), `${title} on ${String(c.context.viewItem)}`);
        for (const other of c.notOn)
          assert.ok(!offered('view/item/context', other, c.inline).includes(command), `${title} not on ${String(other.viewItem)} in ${String(other.view)}`);
      }
    });
  }

  it("the Explorer's Deploy to Edge App… (edgeDone): on a .wasm file while signed in; not on a folder, another file, or signed out", () => {
    const deploy = commandOf('Deploy to Edge App…');
    const file = { ...signedIn, resourceExtname: '.wasm', explorerResourceIsFolder: false };
    assert.ok(offered('explorer/context', file).includes(deploy));
    assert.ok(!offered('explorer/context', { ...file, explorerResourceIsFolder: true }).includes(deploy), 'a folder named .wasm');
    assert.ok(!offered('explorer/context', { ...file, resourceExtname: '.txt' }).includes(deploy), 'another file');
    assert.ok(!offered('explorer/context', { ...file, 'platformConsole.signedIn': false, 'platformConsole.signedOut': true }).includes(deploy), 'signed out');
  });
  it("a .wasm's Link / Unlink / Deploy Linked Build: Link on any .wasm signed in; Unlink on a linked file; Deploy Linked Build when it drifted", () => {
    const [link, unlink, linked] = ['Link to Edge App…', 'Unlink from Edge App', 'Deploy Linked Build to Edge App'].map(commandOf);
    const file = { ...signedIn, resourceExtname: '.wasm', explorerResourceIsFolder: false, resourcePath: '/w/app.wasm' };
    assert.deepEqual(
      [link, unlink, linked].map((c) => offered('explorer/context', file).includes(c!)),
      [true, false, false],
    );
    const drifted = { ...file, 'platformConsole.edge.linkedWasm': ['/w/app.wasm'], 'platformConsole.edge.otherBuildWasm': ['/w/app.wasm'] };
    assert.deepEqual(
      [link, unlink, linked].map((c) => offered('explorer/context', drifted).includes(c!)),
      [true, true, true],
    );
    assert.ok(!offered('explorer/context', { ...drifted, resourcePath: '/w/other.wasm' }).includes(unlink!), 'another file is not linked');
  });
});

describe('signed out, every view of the sidebar offers Sign In (sidebar)', () => {
  it('each view has welcome content shown only while signed in to nothing, with a Sign In button', () => {
    const signIn = commandOf('Sign In');
    for (const view of manifest.contributes.views.platformConsole!) {
      const welcome = manifest.contributes.viewsWelcome.filter((w) => w.view === view.id);
      assert.ok(welcome.length > 0, `${view.name} has welcome content`);
      const out = welcome.filter((w) => holds(w.when, { 'platformConsole.signedIn': false }));
      assert.ok(
        out.some((w) => w.contents.includes(`[Sign In](command:${signIn})`)),
        `${view.name} offers Sign In signed out`,
      );
      assert.deepEqual(
        welcome.filter((w) => holds(w.when, { 'platformConsole.signedIn': true })),
        [],
        `${view.name}: none while signed in`,
      );
    }
  });
});
