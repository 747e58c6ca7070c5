// Template 7 as the platform gives it (three of its fields, each of another kind), for the unit
// tests of Create Protection Profile's steps and of the catalog's create (profileCreateModel,
// operationProfiles).
import type { ProtectionTemplate } from '../../src/schema/profileTemplates';

export const SERVICE_SHIELD: ProtectionTemplate = {
  id: 7,
  name: 'Service Shield',
  description: 'Per-service thresholds',
  client_id: null,
  fields: [
    {
      id: 22,
      name: 'Service label',
      name_in_config: 'service_label',
      field_type: 'DEFAULT',
      description: 'Service label',
      validation_schema: { type: 'string', minLength: 3, maxLength: 32 },
    },
    {
      id: 23,
      name: 'Request threshold',
      name_in_config: 'request_threshold',
      field_type: 'RULES',
      description: 'Requests per second',
      validation_schema: { type: 'integer', minimum: 10, maximum: 1000000, default: 5000 },
    },
    {
      id: 27,
      name: 'Allowed addresses',
      name_in_config: 'allowed_addresses',
      field_type: 'POLICY',
      description: 'Never filtered',
      validation_schema: { type: ['array', 'null'], items: { type: 'string', format: 'ipv4' } },
    },
  ],
};
