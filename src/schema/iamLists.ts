// Identity's lists and removals: the account's activated free features (a bare array, no paging
// in the published file) and a reseller's notification settings (`{count, next, previous,
// results}`), each of which a person can also remove.
import { lazySchema, real } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { activatedFeature, notificationSetting } from './iam';
import { filterText, pageQuery, pagedList, usableItems } from './paging';
import { positiveId, requiredLenientInt } from './schemaKit';

/** An activated feature the list gives: one without an id cannot be opened or disabled, so it is left out. */
export const activatedFeatureItem = lazySchema(() => real(activatedFeature).extend({ id: requiredLenientInt() }));
export type ActivatedFeatureItem = z.output<typeof activatedFeatureItem>;

export const listFreeFeaturesEndpoint = defineEndpoint('listFreeFeatures', {
  errorShape: 'iam',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: undefined,
  body: undefined,
  response: lazySchema(() => usableItems(real(activatedFeatureItem))),
});

export const disableFreeFeatureEndpoint = defineEndpoint('disableFreeFeature', {
  errorShape: 'iam',
  successStatus: 204,
  params: lazySchema(() => z.strictObject({ activatedFeatureId: positiveId() })),
  query: undefined,
  body: undefined,
  response: undefined,
});

const NOTIFICATION_PAGE_MAX = 100;

export const listNotificationSettingsEndpoint = defineEndpoint('listNotificationSettings', {
  errorShape: 'iam',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ resellerId: positiveId() })),
  query: lazySchema(() => z.strictObject({ ordering: filterText(), ...pageQuery(NOTIFICATION_PAGE_MAX) })),
  body: undefined,
  response: lazySchema(() => pagedList(real(notificationSetting))),
});

export const deleteNotificationSettingEndpoint = defineEndpoint('deleteNotificationSetting', {
  errorShape: 'iam',
  successStatus: 204,
  params: lazySchema(() => z.strictObject({ resellerId: positiveId(), notificationSettingsId: positiveId() })),
  query: undefined,
  body: undefined,
  response: undefined,
});
