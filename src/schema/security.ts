// Protection profiles: list (endpoint 14) and partial update (endpoint 3).
import { lazySchema, real } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { pageQuery, pagedList, usableItems } from './paging';
import { intIn, lenientArray, lenientInt, lenientObject, requiredLenientInt, lenientText, textOf, typeError } from './schemaKit';

export const PROFILE_ID_MAX = 1_000_000_000;
export const PROFILE_NAME_MAX = 100;
export const LIST_FILTER_MAX = 255;

export const profileIdParams = lazySchema(() => z.strictObject({ protection_profile_id: intIn(1, PROFILE_ID_MAX) }));

/**
 * `order_by`: the spec gives no syntax beyond "comma-separated field names". Ours, shared with
 * the simulator: `created_at,name`, a leading `-` for descending.
 */
export const profileListQuery = lazySchema(() =>
  z.strictObject({
    name: textOf(0, LIST_FILTER_MAX).nullish(),
    client_id: intIn(1, PROFILE_ID_MAX).nullish(),
    order_by: textOf(0, LIST_FILTER_MAX).nullish(),
  }),
);
export type ProfileListQuery = z.input<typeof profileListQuery>;

export const profileFieldRequest = lazySchema(() =>
  z.strictObject({
    template_field_id: z.int(typeError('must be a whole number')),
    value: z.string(typeError('must be text')),
    name: z.string(typeError('must be text')).nullish(),
  }),
);

export const profilePatchRequest = lazySchema(() =>
  z.strictObject({
    name: textOf(1, PROFILE_NAME_MAX).nullish(),
    template_id: z.int(typeError('must be a whole number')).nullish(),
    fields: z.array(real(profileFieldRequest), typeError('must be a list of fields')).nullish(),
  }),
);
export type ProfilePatchRequest = z.input<typeof profilePatchRequest>;

export const protectionProfile = lazySchema(() =>
  z.looseObject({
    id: requiredLenientInt(),
    client_id: lenientInt(),
    name: lenientText(),
    template: lenientObject({ id: lenientInt(), name: lenientText() }),
    fields: lenientArray(z.looseObject({ template_field_id: lenientInt(), value: z.unknown(), name: lenientText() })),
    created_at: lenientText(),
    modified_at: lenientText(),
    networks: lenientArray(z.string()),
  }),
);
export type ProtectionProfile = z.output<typeof protectionProfile>;

/** The whole profile list comes in one answer, as large as the account: room for tens of thousands. */
export const PROFILE_LIST_ANSWER_LIMIT_BYTES = 32 * 1024 * 1024;

export const listProfilesEndpoint = defineEndpoint('listProtectionProfiles', {
  errorShape: 'security',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: profileListQuery,
  body: undefined,
  response: lazySchema(() => z.array(real(protectionProfile))),
  answerLimitBytes: PROFILE_LIST_ANSWER_LIMIT_BYTES,
});

/** The platform's own (not in the spec): one profile with its field values, which the list lacks. */
export const getProfileEndpoint = defineEndpoint('getProtectionProfile', {
  errorShape: 'security',
  successStatus: 200,
  params: profileIdParams,
  query: undefined,
  body: undefined,
  response: protectionProfile,
});

export const patchProfileEndpoint = defineEndpoint('updateProtectionProfile', {
  errorShape: 'security',
  successStatus: 200,
  params: profileIdParams,
  query: undefined,
  body: profilePatchRequest,
  response: protectionProfile,
});

/** A protection template: its fields, each with what its values must be. */
export const profileTemplate = lazySchema(() =>
  z.looseObject({
    id: requiredLenientInt(),
    name: lenientText(),
    description: lenientText(),
    client_id: lenientInt(),
    fields: lenientArray(
      z.looseObject({
        id: lenientInt(),
        name: lenientText(),
        name_in_config: lenientText(),
        field_type: lenientText(),
        description: lenientText(),
        validation_schema: z.record(z.string(), z.unknown()).nullish().catch(undefined),
      }),
    ),
  }),
);
export type ProfileTemplateItem = z.output<typeof profileTemplate>;

/** The same list a page at a time (the platform's own; its /all answers the whole list at once). */
export const listProfilesPagedEndpoint = defineEndpoint('listProtectionProfilesPaged', {
  errorShape: 'security',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: lazySchema(() => profileListQuery.extend(pageQuery(10_000))),
  body: undefined,
  response: lazySchema(() => pagedList(real(protectionProfile))),
});

export const listProfileTemplatesEndpoint = defineEndpoint('listProfileTemplates', {
  errorShape: 'security',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: lazySchema(() => z.strictObject(pageQuery(1000))),
  body: undefined,
  response: lazySchema(() => usableItems(real(profileTemplate))),
});
