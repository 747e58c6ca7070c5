// How edge objects read in the view: status words and icons (unlisted values shown as
// "status N", never an error), consumption periods, debug windows, values "as given".
import { EDGE_APP_STATUSES, EDGE_CLIENT_STATUSES, statusWordIn } from '../../../schema/edge';

/** A status as shown: its word, a codicon id and an optional theme colour id. */
export interface StatusLook {
  label: string;
  icon: string;
  color?: string;
  /** False for values the spec does not list (3 and 4 on older platforms). */
  known: boolean;
}

// The words are the schema's (the catalog's operations and the agent tools say the same); the icons are the view's.
type Icon = Omit<StatusLook, 'known' | 'label'>;
const APP_ICONS: Record<number, Icon> = {
  0: { icon: 'edit', color: 'descriptionForeground' },
  1: { icon: 'pass-filled', color: 'testing.iconPassed' },
  2: { icon: 'circle-slash', color: 'disabledForeground' },
  5: { icon: 'debug-pause', color: 'list.warningForeground' },
};

const CLIENT_ICONS: Record<number, Icon> = { 1: APP_ICONS[1]!, 2: APP_ICONS[2]!, 5: APP_ICONS[5]! };

function look(words: Record<number, string>, icons: Record<number, Icon>, status: number | null | undefined): StatusLook {
  const icon = status === null || status === undefined || words[status] === undefined ? undefined : icons[status];
  return icon ? { label: statusWordIn(words, status), ...icon, known: true } : { label: statusWordIn(words, status), icon: 'question', known: false };
}

/** Edge app: 0 draft, 1 enabled, 2 disabled, 5 suspended; anything else "status N". */
export const edgeAppStatus = (status: number | null | undefined): StatusLook => look(EDGE_APP_STATUSES, APP_ICONS, status);

/** Edge client: 1 enabled, 2 disabled, 5 suspended; anything else "status N". */
export const edgeClientStatus = (status: number | null | undefined): StatusLook => look(EDGE_CLIENT_STATUSES, CLIENT_ICONS, status);

// Made at first use: a NumberFormat's set-up (ICU) is costly, and a module's load should not pay it.
let countFormat: Intl.NumberFormat | undefined;

/** 1284 -> "1,284"; absent -> "—". */
export function formatCount(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? (countFormat ??= new Intl.NumberFormat('en-US')).format(value) : '—';
}

export type ConsumptionPeriod = 'hourly' | 'daily' | 'monthly';

export interface ConsumptionRow {
  period: ConsumptionPeriod;
  /** "This hour", "Today (UTC day)", "This month (UTC calendar month)". */
  label: string;
  /** "1,284 calls". */
  description: string;
  /** What the number counts and since when, in UTC. */
  tooltip: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The three consumption counters, worded with the period each one covers at `now`. */
export function consumptionRows(
  client: { hourly_consumption?: number | null; daily_consumption?: number | null; monthly_consumption?: number | null },
  now: Date,
): ConsumptionRow[] {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  const h = now.getUTCHours();
  const calls = (v: number | null | undefined) => (typeof v === 'number' ? `${formatCount(v)} ${v === 1 ? 'call' : 'calls'}` : 'not reported');
  // The client's answer has counts only: its plan's call limits are not published, so none is made up here.
  const limit =
    " The platform publishes no call limit on the client: an app that passes its plan's hourly or daily limit" +
    ' shows status 3 (hourly call limit exceeded) or 4 (daily call limit exceeded).';
  return [
    {
      period: 'hourly',
      label: 'This hour',
      description: calls(client.hourly_consumption),
      tooltip: `Calls of all the client's apps during the current hour (since ${pad(h)}:00 UTC).${limit}`,
    },
    {
      period: 'daily',
      label: 'Today (UTC day)',
      description: calls(client.daily_consumption),
      tooltip: `Calls of all the client's apps during the current UTC day (since ${y}-${pad(m + 1)}-${pad(d)} 00:00 UTC).${limit}`,
    },
    {
      period: 'monthly',
      label: 'This month (UTC calendar month)',
      description: calls(client.monthly_consumption),
      tooltip: `Calls of all the client's apps during the current UTC calendar month (${MONTHS[m]} ${y}, since ${y}-${pad(m + 1)}-01 00:00 UTC).`,
    },
  ];
}

/**
 * The app limit against the apps there are, when they are known (the account's own list, unfiltered):
 * "3 of 20 apps", "20 of 20 apps · limit reached"; else the limit alone, "20 apps".
 */
export function appLimitLine(limit: number | null | undefined, inUse?: number): { description: string; tooltip: string } {
  const apps = (n: number | null | undefined) => `${formatCount(n)} ${n === 1 ? 'app' : 'apps'}`;
  const what = 'The number of apps this client is allowed to have (app_count)';
  if (inUse === undefined || typeof limit !== 'number') return { description: apps(limit), tooltip: `${what}, not how many it has.` };
  const reached = inUse >= limit ? ' · limit reached' : '';
  return {
    description: `${formatCount(inUse)} of ${apps(limit)}${reached}`,
    tooltip: `${what}: ${formatCount(limit)}; the account's apps list counts ${apps(inUse)}${reached ? ', so a new app is refused until one is deleted' : ''}.`,
  };
}

/**
 * A platform date-time as a Date. A value without a zone is read as UTC (the edge API writes
 * `2025-06-15T10:30:00Z`; a zoneless one would otherwise shift with the reader's zone).
 */
export function parsePlatformTime(value: string): Date | undefined {
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(text)) return undefined;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`;
  const date = new Date(zoned.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** `2025-06-15 12:30` in the local zone of the extension host. */
export function formatLocalTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export interface DebugWindow {
  /** Debugging is on now. */
  active: boolean;
  /** "debugging until 2025-06-15 12:30" / "debugging ended 2025-06-05 12:30" / the raw text. */
  text: string;
}

/** `debug_until`: when it is in the future the app is being debugged until then (local time). */
export function debugWindow(value: string | null | undefined, now: Date): DebugWindow | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const until = parsePlatformTime(value);
  if (!until) return { active: false, text: value };
  return until.getTime() > now.getTime()
    ? { active: true, text: `debugging until ${formatLocalTime(until)}` }
    : { active: false, text: `debugging ended ${formatLocalTime(until)}` };
}

/**
 * A value of an object whose shape the spec does not show (app secrets and stores), in one
 * line, as given: `id 636 · name upstream-token`; text as is; anything else as JSON.
 */
export function describeValue(value: unknown, max = 200): string {
  let text: string;
  if (value === null || value === undefined) text = String(value);
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else if (!Array.isArray(value) && typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k} ${typeof v === 'string' ? v : JSON.stringify(v)}`);
    text = parts.length ? parts.join(' · ') : '(empty)';
  } else text = JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A template parameter's description: "string · mandatory". */
export function paramSummary(param: { data_type?: string | null; mandatory?: boolean | null }): string {
  const type = param.data_type?.trim() ? param.data_type : 'type not given';
  const need = param.mandatory === true ? 'mandatory' : param.mandatory === false ? 'optional' : 'mandatory not given';
  return `${type} · ${need}`;
}

/** What the read-only preview of a template shows: its long description (Markdown). */
export function templatePreviewMarkdown(
  template: { id?: number | null; name?: string | null; short_descr?: string | null; long_descr?: string | null },
  id: number,
): string {
  const long = template.long_descr?.trim();
  if (long) return `${long}\n`;
  const name = template.name?.trim() || `Template ${id}`;
  const short = template.short_descr?.trim();
  return `# ${name}\n\n${short ? `${short}\n\n` : ''}_This template has no long description._\n`;
}

/** A file name for the preview tab: the template's name, without characters paths dislike. */
export function templatePreviewFileName(template: { name?: string | null }, id: number): string {
  const name = (template.name ?? '').replace(/[^A-Za-z0-9 _-]+/g, '').trim();
  return `${name || `Template ${id}`}.md`;
}

/**
 * The app URL the server sent, if a browser may open it: http(s) with a host only. Anything else
 * (`vscode:`, `file:`, `javascript:`, no scheme) would run a command or open a file instead.
 */
export function browsableUrl(text: string): { url: string } | { problem: string } {
  let parsed: URL;
  try {
    parsed = new URL(text.trim());
  } catch {
    return { problem: 'it is not an absolute http(s) URL' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { problem: `only http and https open in a browser, not ${parsed.protocol}` };
  if (!parsed.hostname) return { problem: 'it names no host' };
  return { url: parsed.toString() };
}
