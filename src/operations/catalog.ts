// The operation catalog: every write described once (#54). Each family moves here from its command
// and its agent tool in one go; the writes not yet here still live in their command and tool.
import type { Operation } from './operation';
import { deleteNotificationSetting, deleteReportTask, disableFreeFeature } from './removals';

export const OPERATIONS: readonly Operation[] = [deleteReportTask, disableFreeFeature, deleteNotificationSetting] as readonly Operation[];
