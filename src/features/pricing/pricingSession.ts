// The Price Preview's logic, one per panel: it keeps the forms, checks them with the client's
// schemas (refusals go back to the webview, nothing is sent), prices each valid change after a
// debounce (newest answer only), keeps pinned prices and copies requests. It talks to the
// webview only through `post` and the handler methods, so tests drive it without a webview.
import type { BoundConnection, ConnectionManager } from '../../connections/connectionManager';
import { checkInstanceForm, checkLoadBalancerForm, checkLocation, instanceSummary, loadBalancerSummary } from './model/priceForm';
import { requestCurl, requestJson, type PriceRequestCall } from './model/priceRequestText';
import { priceDisplay, priceResultOf } from './model/priceView';
import type { FlowUi } from '../../ui/flowUi';
import type { Log } from '../../ui/log';
import { notifyError } from '../../ui/notify';
import { PlatformError } from '../../schema/errors';
import type { PanelHandler } from '../../ui/panelHost';
import type { FormIssue, PriceResult, PriceTab, PriceView, PricingEvent, PricingNotification, PricingRequests, PricingState } from '../../protocol/pricing';
import { PRICE_LISTS, PRICE_TABS, type PriceList } from '../../protocol/pricing';
import type { ListChoices } from '../../protocol/listChoices';
import { choicesOf, flavorOptions, projectOption, regionOption } from './model/priceChoices';
import { LatestOnly, type LatestOnlyHandlers, type PriceRequester } from './model/priceRequests';

export const PRICE_DEBOUNCE_MS = 350;
/** How long an answer is shown again at once for the same request (prices change rarely). */
export const PRICE_ANSWER_TTL_MS = 5 * 60_000;
const PRICE_ANSWERS_KEPT = 100;

export interface PricingSessionDeps {
  connections: Pick<ConnectionManager, 'api' | 'active' | 'signedIn'>;
  /** FeatureContext.bindNamed: the lists are read on the connection active at each read (the panel follows it). */
  bindNamed: (id: string | undefined) => Promise<BoundConnection | undefined>;
  log: Log;
  ui: () => FlowUi;
  locale: string;
  clipboard: { writeText(text: string): Thenable<void> | Promise<void> };
  post(event: PricingEvent): void;
  runCommand(command: string): Thenable<unknown> | Promise<unknown>;
  debounceMs?: number;
  /** How long an answer is shown again for the same request; default PRICE_ANSWER_TTL_MS. */
  answerTtlMs?: number;
  /** Makes each tab's requester; default LatestOnly after the debounce. */
  requester?: PriceRequesterFactory;
}

/** What sends a tab's price requests and delivers their answers to the session. */
export type PriceRequesterFactory = (
  send: (p: Prepared, signal: AbortSignal) => Promise<PriceResult>,
  handlers: LatestOnlyHandlers<Prepared, PriceResult>,
  debounceMs: number,
) => PriceRequester<Prepared>;

export interface Prepared {
  tab: PriceTab;
  call: PriceRequestCall;
  summary: string;
  /** Its answer's key in `answers`: the connection and the request. */
  answerKey: string;
}

/** A request that could be sent now, or the issues that stop it. */
type Preparation = { ok: true; call: Omit<PriceRequestCall, 'baseUrl'>; summary: string } | { ok: false; location: FormIssue[]; form: FormIssue[] };

export function preparePriceRequest(state: PricingState, tab: PriceTab): Preparation {
  const location = checkLocation(state.location);
  const form = tab === 'instances' ? checkInstanceForm(state.instance) : checkLoadBalancerForm(state.loadBalancer);
  if (!location.ok || !form.ok) return { ok: false, location: location.issues, form: form.issues };
  const summary = `${tab === 'instances' ? instanceSummary(state.instance) : loadBalancerSummary(state.loadBalancer)} · project ${location.value.project_id}, region ${location.value.region_id}`;
  return { ok: true, call: { tab, params: location.value, body: form.value }, summary };
}

export class PricingSession implements PanelHandler<PricingNotification, PricingRequests> {
  private views: Record<PriceTab, PriceView> = { instances: { state: 'signedOut' }, loadBalancer: { state: 'signedOut' } };
  private latest: Partial<Record<PriceTab, { result: PriceResult; summary: string }>> = {};
  /** Counts answers shown, per panel: the webview shows it so a new answer is visible as such. */
  private shown = 0;
  private notifying = false;
  private readonly requests: Record<PriceTab, PriceRequester<Prepared>>;
  private lastSent: Partial<Record<PriceTab, string>> = {};
  /**
   * Answers by request (connection and body): going back to a configuration priced a moment ago
   * shows its price at once, without asking again. The newest PRICE_ANSWERS_KEPT, for
   * PRICE_ANSWER_TTL_MS each.
   */
  private readonly answers = new Map<string, { result: PriceResult; at: number }>();
  /** What each picker offers now, and a count per list so only the newest load is shown. */
  private choices: Record<PriceList, ListChoices> = {
    projects: { state: 'loading' },
    regions: { state: 'loading' },
    flavors: { state: 'loading' },
    loadBalancerFlavors: { state: 'loading' },
  };
  private readonly loads: Record<PriceList, number> = { projects: 0, regions: 0, flavors: 0, loadBalancerFlavors: 0 };
  private disposed = false;
  /** Requests sent whose answer (or abort) has not come back, the replaced ones included. */
  private sending = 0;

  constructor(
    private readonly deps: PricingSessionDeps,
    private state: PricingState,
  ) {
    const make = (tab: PriceTab): PriceRequester<Prepared> => {
      const send = async (p: Prepared, signal: AbortSignal) => {
        this.sending++;
        try {
          return await this.send(p, signal);
        } finally {
          this.sending--;
        }
      };
      const handlers = {
        onResult: (result: PriceResult, p: Prepared) => {
          this.keepAnswer(p, result);
          this.showResult(tab, result, p.summary);
        },
        onError: (error: unknown, p: Prepared) => void this.showFailure(tab, error, p),
      };
      const debounceMs = deps.debounceMs ?? PRICE_DEBOUNCE_MS;
      return deps.requester ? deps.requester(send, handlers, debounceMs) : new LatestOnly(send, handlers, debounceMs);
    };
    this.requests = { instances: make('instances'), loadBalancer: make('loadBalancer') };
  }

  /** Nothing waits for its pause and no answer is still to come: nothing more is sent or shown until the next change (tests await it). */
  get idle(): boolean {
    return this.sending === 0 && !PRICE_TABS.some((tab) => this.requests[tab].busy);
  }

  get current(): PricingState {
    return this.state;
  }

  /** What each picker offers now (tests read it). */
  offered(list: PriceList): ListChoices {
    return this.choices[list];
  }

  /** What each tab shows now (tests read it). */
  view(tab: PriceTab): PriceView {
    return this.views[tab];
  }

  onReady(): void {
    this.deps.post({ type: 'connection', connection: this.connectionName() });
    this.deps.post({ type: 'state', state: this.state, reason: 'restore' });
    for (const list of PRICE_LISTS) this.deps.post({ type: 'choices', list, choices: this.choices[list] });
    void this.loadLists();
    for (const tab of PRICE_TABS) {
      this.postIssues(tab);
      this.deps.post({ type: 'price', tab, view: this.views[tab] });
    }
    // A reloaded page may be showing a price older than the forms: price again if nothing is under way.
    for (const tab of PRICE_TABS) if (!this.requests[tab].busy && this.views[tab].state !== 'priced') this.reprice(tab, 0);
  }

  onNotify(message: PricingNotification): void {
    switch (message.type) {
      case 'edit': {
        const before = this.state;
        // The webview edits forms, location and tab; pins are the extension's to set.
        this.state = { ...message.state, pinned: before.pinned };
        const locationChanged = JSON.stringify(before.location) !== JSON.stringify(this.state.location);
        if (locationChanged) void this.loadLists(['flavors', 'loadBalancerFlavors']);
        if (locationChanged || JSON.stringify(before.instance) !== JSON.stringify(this.state.instance)) this.reprice('instances');
        if (locationChanged || JSON.stringify(before.loadBalancer) !== JSON.stringify(this.state.loadBalancer)) this.reprice('loadBalancer');
        // After any price this edit made: a price the page got before this was for an older form.
        if (message.seq !== undefined) this.deps.post({ type: 'edited', seq: message.seq });
        return;
      }
      case 'reloadList':
        return void this.loadList(message.list, true);
      case 'retry':
        this.lastSent[message.tab] = undefined;
        return this.reprice(message.tab, 0);
      case 'unpin': {
        const pinned = { ...this.state.pinned };
        delete pinned[message.tab];
        this.state = { ...this.state, pinned };
        this.deps.post({ type: 'state', state: this.state, reason: 'pinned' });
        return this.redisplay(message.tab);
      }
      case 'command':
        if (message.command === 'showLog') return this.deps.log.show();
        void this.deps.runCommand('platformConsole.signIn');
        return;
    }
  }

  async onRequest<M extends keyof PricingRequests>(method: M, params: PricingRequests[M]['params']): Promise<PricingRequests[M]['result']> {
    if (method === 'pin') return this.pin(params.tab);
    const { tab, format } = params as PricingRequests['copy']['params'];
    return await this.copy(tab, format);
  }

  /** The connection changed (sign in, out, switch): price everything again. */
  connectionChanged(): void {
    this.deps.post({ type: 'connection', connection: this.connectionName() });
    this.lastSent = {};
    for (const tab of PRICE_TABS) this.reprice(tab, 0);
    void this.loadLists();
  }

  /** Reads the lists to pick from on the active connection (each kept a minute per connection). */
  loadLists(lists: readonly PriceList[] = PRICE_LISTS, fresh = false): Promise<void> {
    return Promise.all(lists.map((list) => this.loadList(list, fresh))).then(() => undefined);
  }

  pin(tab: PriceTab): PricingRequests['pin']['result'] {
    const latest = this.latest[tab];
    if (!latest || this.views[tab].state !== 'priced') return { pinned: false, message: 'Nothing to pin yet: wait for a price of a valid configuration.' };
    this.state = {
      ...this.state,
      pinned: { ...this.state.pinned, [tab]: { summary: latest.summary, pinnedAt: new Date().toISOString(), price: latest.result } },
    };
    this.deps.post({ type: 'state', state: this.state, reason: 'pinned' });
    this.redisplay(tab);
    return { pinned: true };
  }

  async copy(tab: PriceTab, format: 'json' | 'curl'): Promise<PricingRequests['copy']['result']> {
    const prepared = preparePriceRequest(this.state, tab);
    if (!prepared.ok) {
      const first = [...prepared.location, ...prepared.form][0];
      return { copied: false, message: `Nothing copied: ${first?.message ?? 'the form has errors'}` };
    }
    // The URL the preview is sent to: the connection's cloud area in its dialect.
    const http = (await this.deps.connections.api())?.http;
    const call = {
      ...prepared.call,
      baseUrl: http?.baseUrlFor('cloud') ?? this.deps.connections.active?.baseUrl ?? 'https://api.gcore.com',
      dialect: http?.dialect,
    };
    await this.deps.clipboard.writeText(format === 'json' ? requestJson(call) : requestCurl(call));
    return { copied: true, message: format === 'json' ? 'Request copied as JSON.' : 'Request copied as curl (key as $PLATFORM_API_KEY).' };
  }

  dispose(): void {
    this.disposed = true;
    for (const tab of PRICE_TABS) this.requests[tab].dispose();
  }

  private connectionName(): string | null {
    return this.deps.connections.signedIn ? (this.deps.connections.active?.name ?? null) : null;
  }

  private async loadList(list: PriceList, fresh = false): Promise<void> {
    const load = ++this.loads[list];
    const offer = (choices: ListChoices) => {
      if (load !== this.loads[list] || this.disposed) return;
      this.choices[list] = choices;
      this.deps.post({ type: 'choices', list, choices });
    };
    const flavors = list === 'flavors' || list === 'loadBalancerFlavors';
    const location = checkLocation(this.state.location);
    if (flavors && !location.ok) return offer({ state: 'typed', hint: 'Pick a project and a region to choose from their flavors.' });
    if (!this.deps.connections.signedIn) return offer({ state: 'typed' });
    // What was offered for another location or connection is not offered a moment longer.
    if (this.choices[list].state !== 'loading') offer({ state: 'loading' });
    const bound = await this.deps.bindNamed(this.deps.connections.active?.id);
    const endpoint = { projects: 'listProjects', regions: 'listRegions', flavors: 'listFlavors', loadBalancerFlavors: 'listLoadBalancerFlavors' } as const;
    if (!bound || bound.lists.isMissing(endpoint[list])) return offer({ state: 'typed' });
    const reason = (error: unknown) => {
      this.deps.log.error(`Could not load the ${list === 'loadBalancerFlavors' ? 'load balancer flavors' : list} on ${bound.connection.name}`, error);
      return this.deps.log.scrub(error instanceof Error ? error.message : String(error));
    };
    const locale = this.deps.locale;
    const { project_id, region_id } = location.ok ? location.value : { project_id: 0, region_id: 0 };
    switch (list) {
      case 'projects':
        return offer(choicesOf(await bound.lists.projects(fresh), (items) => items.map(projectOption), reason));
      case 'regions':
        return offer(choicesOf(await bound.lists.regions(fresh), (items) => items.map(regionOption), reason));
      case 'flavors':
        return offer(choicesOf(await bound.lists.flavors(project_id, region_id, fresh), (items) => flavorOptions(items, locale), reason));
      case 'loadBalancerFlavors':
        return offer(choicesOf(await bound.lists.loadBalancerFlavors(project_id, region_id, fresh), (items) => flavorOptions(items, locale), reason));
    }
  }

  private setView(tab: PriceTab, view: PriceView): void {
    this.views[tab] = view;
    this.deps.post({ type: 'price', tab, view });
  }

  private postIssues(tab: PriceTab): FormIssue[] {
    const prepared = preparePriceRequest(this.state, tab);
    const location = prepared.ok ? [] : prepared.location;
    const form = prepared.ok ? [] : prepared.form;
    this.deps.post({ type: 'issues', tab: 'location', issues: location });
    this.deps.post({ type: 'issues', tab, issues: form });
    return [...location, ...form];
  }

  private previous(tab: PriceTab) {
    const view = this.views[tab];
    return view.state === 'priced' ? view.display : view.state === 'loading' || view.state === 'failed' ? view.previous : undefined;
  }

  /** Checks the tab's form; when valid, asks for its price after the debounce (0: now). */
  private reprice(tab: PriceTab, debounceMs?: number): void {
    const issues = this.postIssues(tab);
    if (!this.deps.connections.signedIn) {
      this.requests[tab].cancel();
      this.lastSent[tab] = undefined;
      return this.setView(tab, { state: 'signedOut' });
    }
    const prepared = preparePriceRequest(this.state, tab);
    if (!prepared.ok) {
      // Nothing is sent while the form is invalid; an answer for an older form would mislead.
      this.requests[tab].cancel();
      this.lastSent[tab] = undefined;
      return this.setView(tab, { state: 'invalid', count: issues.length });
    }
    const key = JSON.stringify(prepared.call);
    if (this.lastSent[tab] === key && (this.requests[tab].busy || this.views[tab].state === 'priced')) return;
    this.lastSent[tab] = key;
    const summary = prepared.summary;
    const active = this.deps.connections.active;
    const call = { ...prepared.call, baseUrl: active?.baseUrl ?? '' };
    const answerKey = `${active?.id ?? ''} ${key}`;
    const known = this.answers.get(answerKey);
    if (known && Date.now() - known.at < (this.deps.answerTtlMs ?? PRICE_ANSWER_TTL_MS)) {
      this.requests[tab].cancel();
      return this.showResult(tab, known.result, summary);
    }
    const previous = this.previous(tab);
    this.setView(tab, { state: 'loading', ...(previous && { previous }) });
    this.requests[tab].schedule({ tab, call, summary, answerKey }, debounceMs);
  }

  private keepAnswer(p: Prepared, result: PriceResult): void {
    this.answers.delete(p.answerKey);
    this.answers.set(p.answerKey, { result, at: Date.now() });
    for (const oldest of this.answers.keys()) {
      if (this.answers.size <= PRICE_ANSWERS_KEPT) break;
      this.answers.delete(oldest);
    }
  }

  private async send(p: Prepared, signal: AbortSignal): Promise<PriceResult> {
    const api = await this.deps.connections.api();
    if (!api) throw new PlatformError({ kind: 'unauthorized', message: 'Not signed in' });
    if (signal.aborted) throw new PlatformError({ kind: 'cancelled', message: 'Cancelled' });
    const input = { params: p.call.params, body: p.call.body as never };
    if (p.tab === 'instances') return priceResultOf('instances', await api.pricing.previewInstancePrice(input, { signal }));
    return priceResultOf('loadBalancer', await api.pricing.previewLoadBalancerPrice(input, { signal }));
  }

  private showResult(tab: PriceTab, result: PriceResult, summary: string): void {
    this.latest[tab] = { result, summary };
    this.redisplay(tab, true);
  }

  /** Shows the latest answer again (after a pin or unpin), or as new. */
  private redisplay(tab: PriceTab, fresh = false): void {
    const latest = this.latest[tab];
    const view = this.views[tab];
    if (!latest || (!fresh && view.state !== 'priced')) return;
    if (fresh) this.shown++;
    const sequence = fresh || view.state !== 'priced' ? this.shown : view.display.sequence;
    const display = priceDisplay(latest.result, { locale: this.deps.locale, sequence, summary: latest.summary, pinned: this.state.pinned[tab] });
    this.setView(tab, { state: 'priced', display });
  }

  private async showFailure(tab: PriceTab, error: unknown, p: Prepared): Promise<void> {
    const previous = this.previous(tab);
    const reason = this.deps.log.scrub(error instanceof Error ? error.message : String(error));
    this.lastSent[tab] = undefined;
    this.setView(tab, { state: 'failed', message: reason, ...(previous && { previous }) });
    const what = `Could not preview the price of ${tab === 'instances' ? 'the instances' : 'the load balancer'}`;
    // One notification at a time: typing on while the platform fails must not pile them up.
    if (this.notifying) return void this.deps.log.error(what, error);
    this.notifying = true;
    try {
      const connection = this.deps.connections.active;
      const choice = await notifyError(what, error, {
        log: this.deps.log,
        ui: this.deps.ui(),
        connectionName: connection?.name,
        actions: ['Retry'],
        signInAgain: () => this.deps.runCommand('platformConsole.signIn'),
      });
      if (choice === 'Retry') this.reprice(p.tab, 0);
    } finally {
      this.notifying = false;
    }
  }
}
