// The cloud secret and storage operations of the catalog (src/operations/cloudSecrets.ts,
// storages.ts) as the command shows them: the typed name and its prompt, every fact, what follows,
// undo or not; a bad input refused naming the field and the rule; the read of a missing target fails,
// so nothing is asked; a storage deletion of the other API than the server's refused before sending,
// also where no one is asked. (The chat tool and MCP faces: operationParity.test.ts.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deleteCloudSecret } from '../../src/operations/cloudSecrets';
import { commandConfirmation } from '../../src/operations/commandConfirmation';
import { sendOperation } from '../../src/operations/operation';
import { deleteStorage, restoreStorage } from '../../src/operations/storages';
import { writeConfirmationText } from '../../src/ui/text/writeConfirmation';
import { typedConfirmationPrompt } from '../../src/ui/typedConfirmation';
import { operationSim, PROD as conn, refusal } from '../support/operationSim';

describe('cloud secret and storage operations as the command confirms them', () => {
  const at = { project_id: 1, region_id: 2, secret_id: '5b3a4f2e-0c1d-4e8f-9a7b-1c2d3e4f5a02' };
  const secret = { id: at.secret_id, name: 'api-gateway-cert', secret_type: 'certificate', status: 'ACTIVE', expiration: '2027-01-01T00:00:00' };

  it('Delete Cloud Secret asks for its name typed, with every fact and the load balancer warning', () => {
    const asked = commandConfirmation(deleteCloudSecret, at, secret, conn);
    assert.equal(asked.typed?.name, 'api-gateway-cert');
    assert.equal(asked.typed?.title, 'Delete Cloud Secret');
    const prompt = typedConfirmationPrompt(asked.typed!);
    assert.equal(
      prompt.prompt,
      'The secret api-gateway-cert (Name api-gateway-cert, Type certificate, Status ACTIVE, Expires 2027-01-01T00:00:00, ID 5b3a4f2e-0c1d-4e8f-9a7b-1c2d3e4f5a02, Project / region 1 / 2) on Prod (https://api.example) is sent: Delete secret api-gateway-cert. Load balancer listeners that use it lose their certificate and stop serving HTTPS with it; this cannot be undone. Type its name, api-gateway-cert, to confirm.',
    );
    assert.equal(prompt.problem('api-gateway'), 'Confirmation: type api-gateway-cert exactly');
  });

  it('a secret without a name: its id typed; without an expiry it never expires', () => {
    const asked = commandConfirmation(deleteCloudSecret, at, { id: at.secret_id, secret_type: 'opaque' }, conn);
    assert.equal(asked.typed?.name, at.secret_id);
    assert.match(writeConfirmationText(asked.summary).detail, /\nName: not stated\nType: opaque\nStatus: not stated\nExpires: never\n/);
  });

  it('Delete Storage of an object storage: the name typed, how it comes back said once, with one full stop', () => {
    const thing = { id: 2101, name: 'media-assets', location_name: 's-ed1', provisioning_status: 'active' };
    const asked = commandConfirmation(deleteStorage, { storage_id: 2101, type: 'object' }, thing, conn);
    assert.equal(asked.typed?.name, 'media-assets');
    assert.equal(
      typedConfirmationPrompt(asked.typed!).prompt,
      'The storage media-assets (Name media-assets, ID 2101, Location s-ed1, Status active, Type object storage (storage API v4)) on Prod (https://api.example) is sent: Delete object storage media-assets. It is deleted with its buckets and their data; Restore Storage brings it back within 2 weeks (restore_storage for an agent); after that it is gone for good. Type its name, media-assets, to confirm.',
    );
  });

  it('Delete Storage of an SFTP storage cannot be undone; the v1 deletion types the id and says it reads nothing first', () => {
    const sftp = commandConfirmation(deleteStorage, { storage_id: 2201, type: 'sftp' }, { id: 2201, name: 'partner-drop' }, conn);
    assert.match(
      typedConfirmationPrompt(sftp.typed!).prompt,
      /Delete SFTP storage partner-drop\. It is deleted with all its files; an SFTP storage cannot be restored; this cannot be undone\. Type its name, partner-drop,/,
    );
    const v1 = commandConfirmation(deleteStorage, { storage_id: 1001 }, { id: 1001 }, conn);
    assert.equal(v1.typed?.name, '1001');
    assert.equal(
      typedConfirmationPrompt(v1.typed!).prompt,
      'The storage 1001 (ID 1001, Deletion the deprecated v1 endpoint; nothing is read first) on Prod (https://api.example) is sent: Delete storage 1001. It is deleted with all its data; this cannot be undone. Type its name, 1001, to confirm.',
    );
  });

  it('Restore Storage is a plain write: a modal with the restore window (its deadline when the deletion was made here)', () => {
    const thing = { id: 2104, name: 'old-reports', location_name: 's-drc2', provisioning_status: 'deleted' };
    const known = writeConfirmationText(
      commandConfirmation(restoreStorage, { storage_id: 2104 }, { ...thing, restoreUntil: '2026-12-11 04:12 UTC' }, conn).summary,
    );
    assert.equal(known.message, 'Restore object storage old-reports on Prod?');
    assert.equal(known.button, 'Restore');
    assert.equal(
      known.detail,
      [
        'It is active again with its buckets and their data.',
        '',
        'Connection: Prod (https://api.example)',
        'Name: old-reports',
        'ID: 2104',
        'Location: s-drc2',
        'Status: deleted',
        'Restore window: until 2026-12-11 04:12 UTC',
        '',
        'Sent once when you choose Restore; never retried automatically.',
      ].join('\n'),
    );
    assert.match(
      writeConfirmationText(commandConfirmation(restoreStorage, { storage_id: 2104 }, thing, conn).summary).detail,
      /\nRestore window: 2 weeks after its deletion\n/,
    );
  });

  it('a refused input names the field and the rule: the request is never built; each request goes to its endpoint', () => {
    assert.throws(() => deleteCloudSecret.request({ ...at, secret_id: '' }), refusal(/secret_id/, /./));
    assert.throws(() => deleteCloudSecret.request({ ...at, region_id: 0 }), refusal(/region_id/, /at least 1|greater/));
    assert.throws(() => deleteStorage.request({ storage_id: 0, type: 'object' }), refusal(/storage_id/, /at least 1|greater/));
    assert.throws(() => restoreStorage.request({ storage_id: -1 }), refusal(/storage_id/, /at least 1|greater/));
    assert.equal(deleteStorage.request({ storage_id: 5, type: 'object' }).endpoint.name, 'deleteObjectStorage');
    assert.equal(deleteStorage.request({ storage_id: 5, type: 'sftp' }).endpoint.name, 'deleteSftpStorage');
    assert.equal(deleteStorage.request({ storage_id: 5 }).endpoint.name, 'deleteStorage');
    assert.deepEqual(deleteCloudSecret.request(at).call, { params: at });
  });
});

describe('the target read of the secret and storage changes, against the simulator', { timeout: 60_000 }, () => {
  const t = operationSim('operation-storage-key-6d1e');
  const notFound = (pattern: RegExp) => (e: Error & { kind?: string }) => e.kind === 'notFound' && pattern.test(e.message);

  it('a secret, a storage of the other kind, a live storage to restore: not found, nothing asked, nothing sent', async () => {
    const found = await deleteCloudSecret.read(t.bound.api, { project_id: 1, region_id: 1, secret_id: '5b3a4f2e-0c1d-4e8f-9a7b-1c2d3e4f5a02' });
    assert.equal(found.name, 'api-gateway-cert');
    await assert.rejects(
      deleteCloudSecret.read(t.bound.api, { project_id: 1, region_id: 1, secret_id: '00000000-0000-4000-8000-000000000000' }),
      (e: Error & { kind?: string }) => e.kind === 'notFound',
    );
    assert.equal((await deleteStorage.read(t.bound.api, { storage_id: 2101, type: 'object' })).name, 'media-assets');
    await assert.rejects(deleteStorage.read(t.bound.api, { storage_id: 2101, type: 'sftp' }), notFound(/no SFTP storage with id 2101/));
    await assert.rejects(restoreStorage.read(t.bound.api, { storage_id: 2101 }), notFound(/no deleted object storage with id 2101/));
    assert.deepEqual(t.writes(), []);
  });

  it('a deletion without type on a platform connection is refused naming type, at the read and at the send', async () => {
    await assert.rejects(deleteStorage.read(t.bound.api, { storage_id: 2101 }), refusal(/^type: /m, /required on a platform connection/));
    await assert.rejects(sendOperation(t.bound.api, deleteStorage.request({ storage_id: 2101 })), refusal(/^type: /m, /required on a platform connection/));
    assert.deepEqual(t.writes(), []);
    await sendOperation(t.bound.api, deleteStorage.request({ storage_id: 2101, type: 'object' }));
    assert.deepEqual(t.writes(), ['DELETE deleteObjectStorage 1']);
  });
});

describe('storage operations on a spec-dialect server', { timeout: 60_000 }, () => {
  const t = operationSim('operation-storage-spec-key-2b7f', { dialect: 'spec' });
  const api = () => t.bound.api;
  const writes = () => t.writes().map((w) => w.replace(/ \d+$/, ''));

  it('a type is refused (only v1 there), a restore names the connection; without type one v1 DELETE', async () => {
    await assert.rejects(deleteStorage.read(api(), { storage_id: 1001, type: 'object' }), refusal(/^type: /m, /leave it out on a spec-dialect connection/));
    await assert.rejects(sendOperation(api(), deleteStorage.request({ storage_id: 1001, type: 'object' })), refusal(/^type: /m, /leave it out/));
    await assert.rejects(restoreStorage.read(api(), { storage_id: 1001 }), refusal(/^connection: /m, /no storage API v4/));
    assert.deepEqual(writes(), []);
    assert.deepEqual(await deleteStorage.read(api(), { storage_id: 1001 }), { id: 1001 }, 'nothing to read there: its id');
    await sendOperation(api(), deleteStorage.request({ storage_id: 1001 }));
    assert.deepEqual(t.sim.requestCounts()['DELETE deleteStorage'], 1);
  });
});
