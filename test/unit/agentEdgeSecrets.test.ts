// The FastEdge secret tools in plain Node, against the simulator: list_edge_secrets names each
// secret and how many apps use it (never a value, also for one just created with a value);
// delete_edge_secret shows the secret and the apps that refer to it before anything is sent;
// declined, nothing is sent; a used secret without force is refused by the platform (409) and
// stays; with force it goes and the app no longer refers to it; sent once, never retried.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agentSim } from '../support/agentSim';

const VALUE = 'secret-value-never-shown-2e8d';

describe('edge secret tools', { timeout: 60_000 }, () => {
  const t = agentSim('agent-edge-secrets-key-51c0');
  const writes = () => t.writes();
  const asking = (answer: () => string | undefined) => {
    const asked: { message: string; sentMeanwhile: string[] }[] = [];
    return {
      asked,
      run: async (input: object) => {
        const r = await t.run('delete_edge_secret', input, answer);
        asked.push(...r.asked);
        return r.said;
      },
    };
  };
  const read = async (input: object) => (await t.run('list_edge_secrets', input)).said;

  it('list_edge_secrets: each secret with its use; app_id narrows to that app; no value, even of a new secret', async () => {
    await t.bound.api.edge.createEdgeSecret({ params: {}, body: { name: 'fresh-one', secret_slots: [{ slot: 0, value: VALUE }] } });
    const all = await read({});
    assert.match(all, /^Edge secrets on "Sim": 4\./);
    assert.match(all, /id 636: "upstream-token" · used by 1 app · comment "rotated monthly"/);
    assert.match(all, /id 637: "db-password" · used by no app/);
    assert.match(all, /"fresh-one"/);
    assert.ok(!all.includes(VALUE), 'no value in the answer');
    const used = await read({ app_id: 101 });
    assert.match(used, /used by app 101: 1\./);
    assert.doesNotMatch(used, /db-password/);
  });

  it('delete_edge_secret declined: the confirmation names the secret and the app that loses it; nothing sent', async () => {
    const { asked, run } = asking(() => 'Not sent: declined.');
    await run({ secret_id: 636, force: true });
    assert.equal(asked.length, 1);
    const m = asked[0]!.message;
    for (const part of [/Sim/, /upstream-token/, /Apps using it `1 app: hello-edge \(101\)`/, /the app above loses it/, /Force `yes/]) assert.match(m, part);
    assert.deepEqual(asked[0]!.sentMeanwhile, []);
    assert.deepEqual(writes(), []);
  });

  it('a used secret without force: the platform refuses (409), sent once; with force it goes and the app no longer refers to it', async () => {
    const { run } = asking(() => undefined);
    const refused = await run({ secret_id: 636 });
    assert.deepEqual(writes(), ['DELETE deleteEdgeSecret 1']);
    assert.match(refused, /409|used by 1 app/);
    assert.equal((await t.bound.api.edge.getEdgeSecret({ params: { secret_id: 636 } })).name, 'upstream-token');
    t.sim.resetRequests();
    const done = await run({ secret_id: 636, force: true });
    assert.match(done, /^Deleted edge secret 636 on "Sim"/);
    assert.deepEqual(writes(), ['DELETE deleteEdgeSecret 1']);
    assert.equal(Object.values(t.sim.lastRequests('deleteEdgeSecret'))[0]?.query?.force, 'true');
    const app = await t.bound.api.edge.getOwnEdgeApp({ params: { app_id: 101 } });
    assert.deepEqual(app.secrets, {});
  });

  it('an unused secret: the confirmation says no app uses it; deleted without force', async () => {
    const { asked, run } = asking(() => undefined);
    assert.match(await run({ secret_id: 637 }), /^Deleted edge secret 637/);
    assert.match(asked[0]!.message, /Apps using it `none`/);
    assert.equal(
      (await t.bound.api.edge.listEdgeSecrets({ params: {}, query: {} })).secrets?.some((s) => s.id === 637),
      false,
    );
  });
});
