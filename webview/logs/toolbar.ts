// The Function Logs page's header with its status, the counts line, the error banner and toolbar (follow, filter, pods, time
// zone, copy, open, settings, export): what they show and which action each control calls.
import { html, nothing, type TemplateResult } from 'lit';
import type { LogFilterSpec } from '../../src/protocol/logFilter';
import {
  edgeFiltersText,
  functionLabel,
  targetLabel,
  type ExportFormat,
  type ExportScope,
  type FollowStatus,
  type LogsTarget,
  type OlderStatus,
} from '../../src/protocol/logs';
import { menuKey, type MenuName } from './menus';

export const POD_COLORS = 8;

export const count = (n: number) => n.toLocaleString('en-US');

/** A toggle of the toolbar (or, `inField`, inside the filter field); its label is also its tooltip. */
function toggle(b: { testid: string; icon: string; label: string; checked: boolean; onClick: () => void; text?: string; inField?: boolean }): TemplateResult {
  return html`<vscode-toolbar-button
    slot=${b.inField ? 'content-after' : nothing}
    data-testid=${b.testid}
    icon=${b.icon}
    label=${b.label}
    title=${b.label}
    toggleable
    .checked=${b.checked}
    @click=${b.onClick}
    >${b.text ?? nothing}</vscode-toolbar-button
  >`;
}

/** What the toolbar shows and what its controls do: the page (main.ts) provides it. */
export interface ToolbarModel {
  readonly status: FollowStatus | undefined;
  readonly filterDraft: LogFilterSpec;
  /** The filter's problem, when the regular expression typed does not compile. */
  readonly filterError: string | undefined;
  readonly pods: readonly string[];
  /** An edge app's log: its "pods" are the edges that served the requests. */
  readonly edge: boolean;
  readonly openMenu: MenuName | undefined;
  readonly utc: boolean;
  readonly lineCount: number;
  readonly shownLineCount: number;
  setFollow(on: boolean): void;
  editFilter(patch: Partial<LogFilterSpec>, immediate?: boolean): void;
  toggleMenu(menu: MenuName): void;
  /** After an item of the More Actions menu: closed, the keyboard back on its button. */
  closeMenu(): void;
  /** The details pane under the list is open. */
  readonly details: boolean;
  toggleDetails(): void;
  toggleUtc(): void;
  copySelection(): void;
  openInEditor(): void;
  exportAs(scope: ExportScope, format: ExportFormat): void;
  retryNow(): void;
  /** Escape in the filter: back to the list. */
  focusList(): void;
  command(command: 'signIn' | 'showLog' | 'settings'): void;
}

export function statusView(s: FollowStatus | undefined, maxLines: number, maxMemoryMB: number): TemplateResult {
  if (!s) return html`<span class="status muted" data-testid="status"><vscode-progress-ring class="tiny"></vscode-progress-ring> Connecting…</span>`;
  const read = s.lastReadAt ? ` · last read ${new Date(s.lastReadAt).toLocaleTimeString()}` : '';
  const gap = s.lastLimit && s.lastLimit > s.limit ? ` (asked for ${count(s.lastLimit)} lines to close a gap)` : '';
  const title = `Reads the newest ${count(s.limit)} lines every ${s.intervalSeconds} s while this panel is visible${gap}. Holds at most ${count(maxLines)} lines; all panels' lines together at most ${count(maxMemoryMB)} MB.`;
  const label: Record<FollowStatus['state'], TemplateResult> = {
    loading: html`<vscode-progress-ring class="tiny"></vscode-progress-ring> Reading the newest ${count(s.limit)} lines…`,
    following: html`<span class="dot live"></span> Following · every ${s.intervalSeconds} s${read}`,
    paused: html`<span class="codicon codicon-debug-pause"></span> ${s.reason ?? 'Paused'}`,
    retrying: html`<span class="codicon codicon-sync"></span> Retrying${read}`,
    stopped: html`<span class="codicon codicon-error"></span> Stopped`,
  };
  return html`<span class="status state-${s.state}" data-testid="status" data-state=${s.state} title=${title}>${label[s.state]}</span>`;
}

export function banner(m: ToolbarModel): TemplateResult | typeof nothing {
  const s = m.status;
  if (!s?.error || (s.state !== 'retrying' && s.state !== 'stopped' && s.state !== 'paused')) return nothing;
  const kept = m.lineCount > 0 ? ` The ${count(m.lineCount)} lines shown are kept.` : '';
  const next =
    s.state === 'retrying'
      ? s.retryInSeconds
        ? ` Trying again in ${s.retryInSeconds} s.`
        : ' Trying again now…'
      : s.state === 'stopped'
        ? ` ${s.reason ?? ''}`
        : '';
  return html`<div class="banner error" role="alert" data-testid="banner">
    <span class="codicon codicon-error"></span>
    <span class="text">Could not read the logs: ${s.error}.${kept}${next}</span>
    <span class="actions">
      ${s.signIn ? html`<vscode-button secondary @click=${() => m.command('signIn')}>Sign In Again</vscode-button>` : nothing}
      <vscode-button secondary data-testid="retry" @click=${() => m.retryNow()}>Retry Now</vscode-button>
      <vscode-button secondary @click=${() => m.command('showLog')}>Show Log</vscode-button>
    </span>
  </div>`;
}

export function toolbar(m: ToolbarModel): TemplateResult {
  const noun = m.edge ? 'edge' : 'pod';
  const draft = m.filterDraft;
  const error = m.filterError;
  const follow = m.status?.follow ?? true;
  const pods = m.pods;
  return html`<div class="toolbar" role="toolbar" aria-label="Log tools">
    <vscode-button
      data-testid="follow"
      ?secondary=${follow}
      title=${follow ? 'Stop reading new lines (the lines held stay)' : 'Read new lines again every few seconds'}
      @click=${() => m.setFollow(!follow)}
      ><span class="codicon codicon-${follow ? 'debug-pause' : 'play'}"></span> ${follow ? 'Pause' : 'Follow'}</vscode-button
    >
    <div class="filter ${error ? 'has-issue' : ''}">
      <vscode-textfield
        data-testid="filter"
        placeholder=${draft.regex ? 'Filter, regular expression (Ctrl+F)' : 'Filter (Ctrl+F)'}
        title="Filter the lines (Ctrl+F); Escape goes back to the list"
        .label=${'Filter lines (Ctrl+F); Escape goes back to the list'}
        .value=${draft.text}
        ?invalid=${Boolean(error)}
        @input=${(e: Event) => m.editFilter({ text: (e.target as HTMLInputElement).value })}
        @keydown=${(e: KeyboardEvent) => e.key === 'Escape' && m.focusList()}
      >
        ${toggle({
          testid: 'case',
          icon: 'case-sensitive',
          label: 'Match Case',
          checked: draft.caseSensitive,
          inField: true,
          onClick: () => m.editFilter({ caseSensitive: !draft.caseSensitive }, true),
        })}
        ${toggle({
          testid: 'regex',
          icon: 'regex',
          label: 'Use Regular Expression',
          checked: draft.regex,
          inField: true,
          onClick: () => m.editFilter({ regex: !draft.regex }, true),
        })}
      </vscode-textfield>
      ${error
        ? html`<div class="issue" role="alert" data-testid="filter-error"><span class="codicon codicon-error"></span> ${error}; not applied.</div>`
        : nothing}
    </div>
    <div class="menu-anchor">
      ${menuOpener(
        m,
        'pods',
        html`<span class="codicon codicon-server-process"></span> ${draft.pods.length === 0
            ? `All ${noun}s (${pods.length})`
            : `${draft.pods.length} of ${pods.length} ${noun}s`}`,
        { title: `Show the lines of some ${noun}s only` },
      )}
      ${m.openMenu === 'pods' ? podMenu(m) : nothing}
    </div>
    <span class="wide-only">
      ${toggle({
        testid: 'utc',
        icon: 'globe',
        label: m.utc ? 'Times in UTC (click for local time)' : 'Times in local time (click for UTC)',
        checked: m.utc,
        onClick: () => m.toggleUtc(),
        text: m.utc ? 'UTC' : 'Local',
      })}
      ${toggle({ testid: 'details', icon: 'layout-panel', label: DETAILS, checked: m.details, onClick: () => m.toggleDetails() })}
    </span>
    <span class="spacer"></span>
    <span class="wide-only">
      <vscode-toolbar-button
        data-testid="copy"
        icon="copy"
        label="Copy selected lines"
        title="Copy selected lines (Ctrl+C)"
        @click=${() => m.copySelection()}
      ></vscode-toolbar-button>
      <vscode-toolbar-button
        data-testid="open-editor"
        icon="go-to-file"
        label="Open in Editor"
        title=${OPEN_EDITOR}
        @click=${() => m.openInEditor()}
      ></vscode-toolbar-button>
      <vscode-toolbar-button
        data-testid="settings"
        icon="settings-gear"
        label="Log settings"
        title=${SETTINGS}
        @click=${() => m.command('settings')}
      ></vscode-toolbar-button>
      <span class="menu-anchor">
        ${menuOpener(m, 'export', html`<span class="codicon codicon-save-as"></span> Export…`)}
        ${m.openMenu === 'export' ? html`<div class="menu" role="menu" aria-label="Export" @keydown=${menuKey}>${exportItems(m)}</div>` : nothing}
      </span>
    </span>
    <span class="menu-anchor narrow-only">
      ${menuOpener(m, 'more', html`<span class="codicon codicon-ellipsis"></span>`, {
        label: 'More Actions',
        title: 'More Actions: time zone, details, copy, open in editor, settings, export',
      })}
      ${m.openMenu === 'more' ? moreMenu(m) : nothing}
    </span>
  </div>`;
}

/** The button that opens one of the toolbar's menus (its test id is the menu's name). */
function menuOpener(m: ToolbarModel, menu: MenuName, content: TemplateResult, named: { label?: string; title?: string } = {}): TemplateResult {
  return html`<vscode-button
    secondary
    data-testid=${menu}
    aria-label=${named.label ?? nothing}
    title=${named.title ?? nothing}
    aria-haspopup="menu"
    aria-expanded=${m.openMenu === menu ? 'true' : 'false'}
    @click=${() => m.toggleMenu(menu)}
    >${content}</vscode-button
  >`;
}

function podMenu(m: ToolbarModel): TemplateResult {
  const chosen = m.filterDraft.pods;
  const toggle = (pod: string) => m.editFilter({ pods: chosen.includes(pod) ? chosen.filter((p) => p !== pod) : [...chosen, pod] }, true);
  return html`<div class="menu left" role="menu" aria-label=${m.edge ? 'Edges' : 'Pods'} @keydown=${menuKey}>
    <button
      role="menuitemcheckbox"
      aria-checked=${chosen.length === 0 ? 'true' : 'false'}
      class="menu-item"
      data-testid="pod-all"
      @click=${() => m.editFilter({ pods: [] }, true)}
    >
      <span class="codicon codicon-${chosen.length === 0 ? 'check' : 'blank'}"></span> All ${m.edge ? 'edges' : 'pods'}
    </button>
    ${m.pods.map(
      (pod, i) =>
        html`<button
          role="menuitemcheckbox"
          aria-checked=${chosen.includes(pod) ? 'true' : 'false'}
          class="menu-item"
          data-pod=${pod}
          @click=${() => toggle(pod)}
        >
          <span class="codicon codicon-${chosen.includes(pod) ? 'check' : 'blank'}"></span>
          <span class="pod-${i % POD_COLORS}"><span class="swatch" aria-hidden="true"></span>${pod}</span>
        </button>`,
    )}
  </div>`;
}

const DETAILS = 'Details: read the active line whole, wrapped, under the list';
const OPEN_EDITOR = 'Open the shown lines in a read-only editor';
const SETTINGS = 'Log settings: lines per read, seconds between reads, lines and memory held';

/** The four exports, in the Export menu or, when narrow, in More Actions (`prefix` names them there). */
function exportItems(m: ToolbarModel, prefix = ''): TemplateResult {
  const shown = m.shownLineCount;
  const all = m.lineCount;
  const item = (scope: ExportScope, format: ExportFormat, label: string) =>
    html`<button role="menuitem" class="menu-item" data-testid=${`export-${scope}-${format}`} @click=${() => m.exportAs(scope, format)}>
      ${prefix}${label}
    </button>`;
  return html`${item('shown', 'log', `Shown lines (${count(shown)}) as .log`)} ${item('shown', 'jsonl', `Shown lines (${count(shown)}) as .jsonl`)}
  ${item('all', 'log', `All lines (${count(all)}) as .log`)} ${item('all', 'jsonl', `All lines (${count(all)}) as .jsonl`)}`;
}

/** A narrow panel's toolbar keeps Follow, the filter and the pods; the rest folds in here, the same actions by the same names. */
function moreMenu(m: ToolbarModel): TemplateResult {
  const check = (testid: string, on: boolean, label: string, title: string, flip: () => void) =>
    html`<button
      role="menuitemcheckbox"
      aria-checked=${on ? 'true' : 'false'}
      class="menu-item"
      data-testid=${`more-${testid}`}
      title=${title}
      @click=${() => (flip(), m.closeMenu())}
    >
      <span class="codicon codicon-${on ? 'check' : 'blank'}"></span> ${label}
    </button>`;
  const action = (testid: string, icon: string, label: string, title: string, run: () => void) =>
    html`<button role="menuitem" class="menu-item" data-testid=${`more-${testid}`} title=${title} @click=${() => (m.closeMenu(), run())}>
      <span class="codicon codicon-${icon}"></span> ${label}
    </button>`;
  return html`<div class="menu" role="menu" aria-label="More Actions" @keydown=${menuKey}>
    ${check('utc', m.utc, 'Times in UTC', 'Times in UTC; off: local time', () => m.toggleUtc())}
    ${check('details', m.details, 'Details Pane', DETAILS, () => m.toggleDetails())}
    <div class="menu-separator" role="separator"></div>
    ${action('copy', 'copy', 'Copy Selected Lines', 'Copy selected lines (Ctrl+C)', () => m.copySelection())}
    ${action('open-editor', 'go-to-file', 'Open in Editor', OPEN_EDITOR, () => m.openInEditor())}
    ${action('settings', 'settings-gear', 'Log Settings', SETTINGS, () => m.command('settings'))}
    <div class="menu-separator" role="separator"></div>
    ${exportItems(m, 'Export ')}
  </div>`;
}

/** The function's name, where it runs, and the follow status (an edge app: its id and the server filters). */
export function header(t: LogsTarget | undefined, status: TemplateResult): TemplateResult {
  if (t?.kind === 'edgeApp') {
    const filters = edgeFiltersText(t.filters);
    return html`<header class="top">
      <h1 title=${`Edge app ${t.appId}, connection ${t.connectionName}; read on the server: ${filters}`}>
        <span class="codicon codicon-output"></span> ${targetLabel(t)}
        <span class="where muted">app ${t.appId} · <span data-testid="server-filters">${filters}</span> · ${t.connectionName}</span>
      </h1>
      ${status}
    </header>`;
  }
  return html`<header class="top">
    <h1 title=${t ? `Project ${t.projectId}, region ${t.regionId}, connection ${t.connectionName}` : ''}>
      <span class="codicon codicon-output"></span> ${t ? functionLabel(t) : 'Function Logs'}
      ${t ? html`<span class="where muted">project ${t.projectId} · region ${t.regionId} · ${t.connectionName}</span>` : nothing}
    </h1>
    ${status}
  </header>`;
}

/** A source that pages back: how far it has read, and the button that reads the next page. */
function olderView(older: OlderStatus | undefined, readOlder: () => void): TemplateResult | typeof nothing {
  if (!older) return nothing;
  const read = older.total !== undefined ? `${count(older.read)} of ${count(older.total)} in the range read back` : `${count(older.read)} read back`;
  return html`<span data-testid="older">
    ·
    ${older.read > 0 || older.total !== undefined ? read : 'newest lines'}${older.more
      ? html` <button
          class="link-button"
          data-testid="load-older"
          ?disabled=${older.loading}
          title="Read the next page of older lines from the platform, with the same server filters"
          @click=${readOlder}
        >
          ${older.loading ? 'Reading older lines…' : 'Load Older Lines'}
        </button>`
      : html` · the start of the range`}</span
  >`;
}

/** "Showing 900 of 1,000 lines · 5,000 older lines dropped · 12,000 older lines on the way · 3 selected · Copied 3 lines." */
export function countsLine(c: {
  shown: number;
  all: number;
  dropped: number;
  maxLines: number;
  maxMemoryMB: number;
  pending: number;
  selected: number;
  notice: string;
  older?: OlderStatus;
  readOlder?: () => void;
}): TemplateResult {
  return html`<div class="counts muted">
    <span data-testid="counts">Showing ${count(c.shown)} of ${count(c.all)} lines</span>
    ${c.dropped > 0
      ? html`<span
          data-testid="dropped"
          title="The panel holds at most ${count(c.maxLines)} lines, and all panels' lines together at most ${count(
            c.maxMemoryMB,
          )} MB (Log settings): the oldest make room for new ones"
        >
          · ${count(c.dropped)} older lines dropped</span
        >`
      : nothing}
    ${olderView(c.older, c.readOlder ?? (() => undefined))}
    ${c.pending > 0
      ? html`<span data-testid="backfill"> · <vscode-progress-ring class="tiny"></vscode-progress-ring> ${count(c.pending)} older lines on the way</span>`
      : nothing}
    ${c.selected ? html`<span data-testid="selected"> · ${count(c.selected)} selected</span>` : nothing}
    ${c.notice ? html`<span class="notice" data-testid="notice" role="status"> · ${c.notice}</span>` : nothing}
  </div>`;
}
