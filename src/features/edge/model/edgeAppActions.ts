// What a person may do to an edge app in its present status, and how the view says so: the
// row's context value carries the actions its status offers, so the menus show only those.
import { EDGE_APP_STATUS } from '../../../schema/edgeApps';
import { formatLocalTime, parsePlatformTime } from './edgeDisplay';

export type EdgeAppAction = 'enable' | 'disable' | 'debug' | 'delete';

/** Statuses that serve requests at the app's URL: enabled, and the call-limit statuses 3 and 4 of older platforms. */
const SERVING = new Set<number>([EDGE_APP_STATUS.enabled, 3, 4]);

/**
 * Enable: a draft or disabled app. Disable and Start Debug: an app that serves. Delete: any app.
 * A suspended app (or an unknown status) offers only Delete: the platform suspends, not the person.
 */
export function edgeAppActions(status: number | null | undefined): EdgeAppAction[] {
  const actions: EdgeAppAction[] = [];
  if (status === EDGE_APP_STATUS.draft || status === EDGE_APP_STATUS.disabled) actions.push('enable');
  if (status !== null && status !== undefined && SERVING.has(status)) actions.push('disable', 'debug');
  actions.push('delete');
  return actions;
}

/** `platformConsole.edgeListed.app:enable:delete`: the menus' `when` matches `:enable` and the like. */
export function edgeAppContext(base: string, status: number | null | undefined): string {
  return [base, ...edgeAppActions(status)].join(':');
}

/** Why an action is not sent for an app in this status (the palette offers every app), or undefined. */
export function actionRefusal(action: EdgeAppAction, status: number | null | undefined, statusLabel: string): string | undefined {
  if (edgeAppActions(status).includes(action)) return undefined;
  if (action === 'enable')
    return status === EDGE_APP_STATUS.enabled ? 'it is already enabled' : `it is ${statusLabel}; only a draft or disabled app can be enabled`;
  if (action === 'disable') return status === EDGE_APP_STATUS.disabled ? 'it is already disabled' : `it is ${statusLabel}; only an enabled app can be disabled`;
  return `it is ${statusLabel}; debug logging is for an enabled app`;
}

/** "until 2026-11-26 19:25 (in 30 minutes)" from `debug_until`; the raw text when it is no time. */
export function debugUntilText(value: string | null | undefined, now: Date): string | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const until = parsePlatformTime(value);
  if (!until) return `until ${value}`;
  const minutes = Math.round((until.getTime() - now.getTime()) / 60_000);
  const left = minutes > 0 ? ` (in ${minutes} minute${minutes === 1 ? '' : 's'})` : ' (already over)';
  return `until ${formatLocalTime(until)}${left}`;
}

/** The app as a confirmation names it. */
export interface AppNamed {
  id: number;
  name?: string | null;
  url?: string | null;
  status?: number | null;
}

const appName = (app: AppNamed) => app.name || `app ${app.id}`;
const urlText = (app: AppNamed) => app.url || '(no URL given)';

/** The facts Deploy's confirmation names: app, id, URL, status (the lifecycle's are its catalog operations': src/operations/edgeApps.ts). */
export function appFacts(app: AppNamed, statusLabel: string): [string, string][] {
  return [
    ['App', appName(app)],
    ['ID', String(app.id)],
    ['URL', urlText(app)],
    ['Status', statusLabel],
  ];
}
