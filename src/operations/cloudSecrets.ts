// A cloud secret deleted, described once: read first (its name, type, status, expiry; a secret
// gone asks nothing), destructive (load balancer listeners using it lose their certificate), its
// name typed in the command. The platform deletes it through a task. Creating a secret is still
// its command's and tools' own (the payload and private keys must not pass through a model).
import * as z from 'zod';
import type { SecretItem } from '../schema/cloudLists';
import { endpoints } from '../schema/endpoints';
import { NOT_STATED, checkedRequest, defineOperation } from './operation';

/** A secret as read; its id at least. */
export type SecretThing = Pick<SecretItem, 'id'> & Partial<SecretItem>;

const remove = () => endpoints.deleteSecret;
const secretName = (s: SecretThing) => s.name || s.id;

export const deleteCloudSecret = defineOperation({
  name: 'deleteCloudSecret',
  title: 'Delete Cloud Secret',
  noun: 'The secret',
  kind: 'destructive',
  button: 'Delete',
  fields: () =>
    z.strictObject({
      project_id: remove().params.shape.project_id.describe('The project id (list_cloud_locations finds it)'),
      region_id: remove().params.shape.region_id.describe('The region id (list_cloud_locations finds it)'),
      secret_id: remove().params.shape.secret_id.describe('The secret id (list_cloud_secrets finds it)'),
    }),
  request: ({ project_id, region_id, secret_id }) => checkedRequest(remove(), { params: { project_id, region_id, secret_id } }),
  action: ({ secret_id }, s?: SecretThing) => `Delete secret ${s ? secretName(s) : secret_id}`,
  read: (api, { project_id, region_id, secret_id }, signal): Promise<SecretThing> =>
    api.cloud.getSecret({ params: { project_id, region_id, secret_id } }, signal ? { signal } : {}),
  target: ({ project_id, region_id, secret_id }, s) => ({
    facts: [
      ['Name', s?.name || NOT_STATED],
      ['Type', s?.secret_type || NOT_STATED],
      ['Status', s?.status || NOT_STATED],
      ['Expires', s ? s.expiration || 'never' : NOT_STATED],
      ['ID', secret_id],
      ['Project / region', `${project_id} / ${region_id}`],
    ],
    consequence: 'Load balancer listeners that use it lose their certificate and stop serving HTTPS with it.',
  }),
  // The command asks for the name typed (the chat tool and MCP cannot ask for it yet: #54).
  typedName: (_at, s) => (s ? secretName(s) : undefined),
});
