// A cloud secret deleted, described once: read first (its name, type, status, expiry; a secret
// gone asks nothing), destructive (load balancer listeners using it lose their certificate), its
// name typed in the command. The platform deletes it through a task. A secret created: nothing to
// read first; every value sent is a fact, the payload as its size and SHA-256 only (never shown).
// A TLS secret from PEM files is still its command's and tool's own (the key must not pass through a model).
import { createHash } from 'node:crypto';
import * as z from 'zod';
import type { SecretItem } from '../schema/cloudLists';
import { endpoints } from '../schema/endpoints';
import { NOT_STATED, checkedRequest, defineOperation, readNothing } from './operation';

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
  done: ({ secret_id }) => `Deletion of secret ${JSON.stringify(secret_id)} sent`,
  fields: () =>
    z.strictObject({
      project_id: remove().params.shape.project_id.describe('The project id (list_cloud_locations finds it)').meta({ title: 'Project ID' }),
      region_id: remove().params.shape.region_id.describe('The region id (list_cloud_locations finds it)').meta({ title: 'Region ID' }),
      secret_id: remove().params.shape.secret_id.describe('The secret id (list_cloud_secrets finds it)').meta({ title: 'Secret ID' }),
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

const create = () => endpoints.createSecret;
const body = () => create().body.shape;

/** A payload as every face shows it: its size and SHA-256 (as a certificate's fingerprint is written), never its content. */
export function payloadFact(base64: string): string {
  const bytes = Buffer.from(base64, 'base64');
  const sha = createHash('sha256').update(bytes).digest('hex').toUpperCase().match(/../g)!.join(':');
  return `${bytes.length.toLocaleString('en-US')} bytes, SHA-256 ${sha}; never shown`;
}

const optional = (value: string | number | null | undefined, none: string) => (value === undefined || value === null ? none : String(value));

export const createSecret = defineOperation({
  name: 'createSecret',
  title: 'Create Secret',
  noun: 'The secret',
  kind: 'write',
  button: 'Create Secret',
  done: ({ name }) => `Secret ${JSON.stringify(name)} is being created`,
  readsNothing: true,
  fields: () =>
    z.strictObject({
      project_id: create().params.shape.project_id.describe('The project id (list_cloud_locations finds it)').meta({ title: 'Project ID' }),
      region_id: create().params.shape.region_id.describe('The region id (list_cloud_locations finds it)').meta({ title: 'Region ID' }),
      name: body().name.meta({ title: 'Secret name' }),
      payload: body().payload.meta({ title: 'Payload' }),
      payload_content_encoding: body()
        .payload_content_encoding.optional()
        .describe('Always "base64" (filled in when left out)')
        .meta({ title: 'Payload encoding' }),
      payload_content_type: body().payload_content_type.meta({ title: 'Payload content type' }),
      secret_type: body().secret_type.meta({ title: 'Secret type' }),
      algorithm: body().algorithm.meta({ title: 'Algorithm' }),
      bit_length: body().bit_length.meta({ title: 'Bit length' }),
      expiration: body().expiration.meta({ title: 'Expiration' }),
      mode: body().mode.meta({ title: 'Mode' }),
    }),
  request: ({ project_id, region_id, name, payload, payload_content_encoding, payload_content_type, secret_type, algorithm, bit_length, mode, expiration }) =>
    checkedRequest(create(), {
      params: { project_id, region_id },
      body: {
        name,
        payload,
        payload_content_encoding: payload_content_encoding ?? 'base64',
        payload_content_type,
        secret_type,
        algorithm,
        bit_length,
        mode,
        expiration,
      },
    }),
  action: ({ name, project_id, region_id }, _none?: undefined) => `Create secret ${JSON.stringify(name)} in project ${project_id}, region ${region_id}`,
  read: readNothing,
  target: (s) => ({
    facts: [
      ['Name', s.name],
      ['Type', s.secret_type],
      ['Payload', payloadFact(s.payload)],
      ['Content type', s.payload_content_type],
      ['Encoding', s.payload_content_encoding ?? 'base64'],
      ['Algorithm', optional(s.algorithm, 'none')],
      ['Bit length', optional(s.bit_length, 'none')],
      ['Mode', optional(s.mode, 'none')],
      ['Expiration', optional(s.expiration, 'never')],
      ['Project / region', `${s.project_id} / ${s.region_id}`],
    ],
    consequence: 'The platform creates it in the background (a task); its payload is sent as given and shown nowhere.',
  }),
});
