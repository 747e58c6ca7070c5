// Protection profiles created and deleted, and protection templates read one at a time with their
// fields' validation schemas and their policies (the platform's own v3 routes).
import * as z from 'zod';
import { lazySchema, real } from './lazySchema';
import { defineEndpoint } from './endpoint';
import { PROFILE_ID_MAX, PROFILE_NAME_MAX, profileIdParams, protectionProfile } from './security';
import { intIn, lenientArray, lenientInt, lenientText, requiredLenientInt, textOf, typeError } from './schemaKit';

export const templateIdParams = lazySchema(() => z.strictObject({ protection_template_id: intIn(1, PROFILE_ID_MAX) }));

/** A field's `validation_schema` is a JSON Schema object: kept as sent, read by the flows' field rules. */
export const validationSchema = lazySchema(() => z.record(z.string(), z.unknown()).nullish().catch(undefined));

export const templateField = lazySchema(() =>
  z.looseObject({
    id: requiredLenientInt(),
    name: lenientText(),
    name_in_config: lenientText(),
    field_type: lenientText(),
    description: lenientText(),
    validation_schema: real(validationSchema),
  }),
);
export type TemplateField = z.output<typeof templateField>;

/** One template with the fields a profile of it sets. */
export const protectionTemplate = lazySchema(() =>
  z.looseObject({
    id: requiredLenientInt(),
    name: lenientText(),
    description: lenientText(),
    client_id: lenientInt(),
    fields: lenientArray(real(templateField)),
  }),
);
export type ProtectionTemplate = z.output<typeof protectionTemplate>;

/** A policy a template offers (its id is text: the spec's `PolicyResponse`). */
export const templatePolicy = lazySchema(() =>
  z.looseObject({
    id: lenientText(),
    name: lenientText(),
    description: lenientText(),
  }),
);
export type TemplatePolicy = z.output<typeof templatePolicy>;

/** The spec's `ProfileFieldIn`: the value is any JSON value, typed as the template field's schema says. */
export const createFieldRequest = lazySchema(() =>
  z.strictObject({
    template_field_id: z.int(typeError('must be a whole number')).nullish(),
    value: z.json(typeError('must be a JSON value')),
    name: z.string(typeError('must be text')).nullish(),
  }),
);

export const createProfileRequest = lazySchema(() =>
  z.strictObject({
    name: textOf(1, PROFILE_NAME_MAX),
    template_id: z.int(typeError('must be a whole number')),
    fields: z.array(real(createFieldRequest), typeError('must be a list of fields')).nullish(),
  }),
);
export type CreateProfileRequest = z.input<typeof createProfileRequest>;

export const createProfileEndpoint = defineEndpoint('createProtectionProfile', {
  errorShape: 'security',
  successStatus: 201,
  params: lazySchema(() => z.strictObject({})),
  query: lazySchema(() => z.strictObject({ client_id: intIn(1, PROFILE_ID_MAX).nullish() })),
  body: createProfileRequest,
  response: protectionProfile,
});

export const deleteProfileEndpoint = defineEndpoint('deleteProtectionProfile', {
  errorShape: 'security',
  successStatus: 204,
  params: profileIdParams,
  query: undefined,
  body: undefined,
  response: undefined,
});

export const getTemplateEndpoint = defineEndpoint('getProfileTemplate', {
  errorShape: 'security',
  successStatus: 200,
  params: templateIdParams,
  query: undefined,
  body: undefined,
  response: protectionTemplate,
});

export const listTemplatePoliciesEndpoint = defineEndpoint('listProfileTemplatePolicies', {
  errorShape: 'security',
  successStatus: 200,
  params: templateIdParams,
  query: undefined,
  body: undefined,
  response: lazySchema(() => z.array(real(templatePolicy))),
});
