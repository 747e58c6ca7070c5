// The Price Preview webview: two tabs of forms, the live price beside them. It keeps what was
// typed (setState, so a reload finds it), sends each change to the extension, and shows what the
// extension sends back: refused fields, prices, pins. No pricing logic lives here.
import { LitElement, html, nothing, type TemplateResult } from 'lit';
import '../shared/elements';
import { HostConnection } from '../shared/host';
import { pickField } from '../shared/pickField';
import type { ListChoices } from '../../src/protocol/listChoices';
import {
  defaultPricingState,
  type PriceList,
  type FormIssue,
  type PriceTab,
  type PriceView,
  type PricingEvent,
  type PricingNotification,
  type PricingRequests,
  type PricingState,
} from '../../src/protocol/pricing';
import { instanceFormView, loadBalancerFormView } from './forms';
import { priceArea, priceBar, spokenPrice, type PriceActions } from './priceArea';
import { EditsInFlight } from './editsInFlight';

const TABS: { tab: PriceTab; label: string; icon: string }[] = [
  { tab: 'instances', label: 'Instances', icon: 'vm' },
  { tab: 'loadBalancer', label: 'Load Balancer', icon: 'server-environment' },
];

export class PricePreviewApp extends LitElement {
  private readonly host = new HostConnection<PricingNotification, PricingRequests, PricingEvent, PricingState>((event) => this.onEvent(event));
  private state: PricingState = this.host.savedState() ?? defaultPricingState();
  private issues: Record<PriceTab | 'location', FormIssue[]> = { location: [], instances: [], loadBalancer: [] };
  /** Until the extension says otherwise (it answers `ready` at once). */
  private views: Record<PriceTab, PriceView> = { instances: { state: 'loading' }, loadBalancer: { state: 'loading' } };
  private connection: string | null = null;
  /** What each picker offers (the extension reads the platform's lists). */
  private choices: Record<PriceList, ListChoices> = {
    projects: { state: 'typed' },
    regions: { state: 'typed' },
    flavors: { state: 'typed' },
    loadBalancerFlavors: { state: 'typed' },
  };
  /** Pickers the person switched to typing ("Enter an ID…"). */
  private typing = new Set<string>();
  private copyStatus = '';
  /** The last price shown, as the live region says it (set per answer shown, not per keystroke). */
  private spoken = '';
  /** Prices sent before the extension saw the latest edit are held (shown as updating). */
  private readonly inFlight = new EditsInFlight();

  /** Light DOM: the shared stylesheets apply, and tests reach every node. */
  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.host.start();
  }

  private onEvent(event: PricingEvent): void {
    switch (event.type) {
      case 'state':
        this.state = event.reason === 'restore' ? event.state : { ...this.state, pinned: event.state.pinned };
        this.host.saveState(this.state);
        break;
      case 'issues':
        this.issues = { ...this.issues, [event.tab]: event.issues };
        break;
      case 'price':
        this.show(event.tab, this.inFlight.price(event.tab, event.view));
        break;
      case 'edited':
        for (const [tab, view] of this.inFlight.edited(event.seq)) this.show(tab, view);
        break;
      case 'connection':
        this.connection = event.connection;
        break;
      case 'choices':
        this.choices = { ...this.choices, [event.list]: event.choices };
        break;
    }
    this.requestUpdate();
  }

  private show(tab: PriceTab, view: PriceView): void {
    this.views = { ...this.views, [tab]: view };
    if (tab === this.state.tab && view.state === 'priced') this.spoken = spokenPrice(view.display);
  }

  private edit(next: PricingState): void {
    this.state = next;
    this.copyStatus = '';
    this.host.saveState(next);
    this.host.notify({ type: 'edit', state: next, seq: this.inFlight.next() });
    this.requestUpdate();
  }

  private issueOf(tab: PriceTab | 'location') {
    return (field: string) => this.issues[tab].find((i) => i.field === field)?.message;
  }

  private actions(tab: PriceTab): PriceActions {
    return {
      pin: () =>
        void this.host.request('pin', { tab }).then(
          (r) => this.status(r.pinned ? 'Pinned: the next prices are compared with these.' : (r.message ?? 'Not pinned.')),
          (e: Error) => this.status(e.message),
        ),
      unpin: () => this.host.notify({ type: 'unpin', tab }),
      retry: () => this.host.notify({ type: 'retry', tab }),
      signIn: () => this.host.notify({ type: 'command', command: 'signIn' }),
      showLog: () => this.host.notify({ type: 'command', command: 'showLog' }),
      copy: (format) =>
        void this.host.request('copy', { tab, format }).then(
          (r) => this.status(r.message),
          (e: Error) => this.status(e.message),
        ),
    };
  }

  private status(text: string): void {
    this.copyStatus = text;
    this.requestUpdate();
  }

  /** A picker over one of the lists; `key` names it among the switched-to-typing ones. */
  private picker(
    key: string,
    field: string,
    label: string,
    list: PriceList,
    value: string,
    issue: string | undefined,
    onInput: (value: string) => void,
    noun: string,
    placeholder: string,
    enterLabel?: string,
  ) {
    return pickField(field, label, value, this.choices[list], issue, onInput, {
      noun,
      placeholder,
      ...(enterLabel && { enterLabel }),
      typed: this.typing.has(key),
      setTyped: (typed) => {
        if (typed) this.typing.add(key);
        else this.typing.delete(key);
        this.requestUpdate();
        // The field that replaced the other takes the focus, so the keyboard goes on where it was.
        void this.updateComplete.then(() =>
          this.querySelector<HTMLElement>(`[data-field="${field}"] vscode-textfield, [data-field="${field}"] vscode-single-select`)?.focus(),
        );
      },
      reload: () => this.host.notify({ type: 'reloadList', list }),
    });
  }

  private tabPanel(tab: PriceTab): TemplateResult | typeof nothing {
    // Only the active tab is rendered: one form in the page at a time, field ids unique.
    if (tab !== this.state.tab) return nothing;
    const form =
      tab === 'instances'
        ? instanceFormView(
            this.state.instance,
            this.issueOf('instances'),
            (instance) => this.edit({ ...this.state, instance }),
            (value, issue, onInput) =>
              this.picker('flavors', 'flavor', 'Flavor', 'flavors', value, issue, onInput, 'flavors', 'e.g. g1-standard-2-4', 'Enter a flavor name…'),
          )
        : loadBalancerFormView(
            this.state.loadBalancer,
            this.issueOf('loadBalancer'),
            (loadBalancer) => this.edit({ ...this.state, loadBalancer }),
            (value, issue, onInput) =>
              this.picker(
                'loadBalancerFlavors',
                'flavor',
                'Flavor',
                'loadBalancerFlavors',
                value,
                issue,
                onInput,
                'load balancer flavors',
                'e.g. lb1-2-4',
                'Enter a flavor name…',
              ),
          );
    return html`<div class="columns">
        <div class="form-column">${form}</div>
        <div class="price-column">${priceArea(this.views[tab], this.actions(tab), this.copyStatus)}</div>
      </div>
      ${priceBar(this.views[tab], () => this.querySelector('[data-testid="price-area"]')?.scrollIntoView({ block: 'start' }))}`;
  }

  protected override render(): TemplateResult {
    const location = this.issueOf('location');
    const setLocation = (patch: Partial<PricingState['location']>) => this.edit({ ...this.state, location: { ...this.state.location, ...patch } });
    const selected = TABS.findIndex((t) => t.tab === this.state.tab);
    return html`<header class="top">
        <h1><span class="codicon codicon-tag"></span> Price Preview</h1>
        <div class="location">
          ${this.picker(
            'projects',
            'projectId',
            'Project',
            'projects',
            this.state.location.projectId,
            location('projectId'),
            (projectId) => setLocation({ projectId }),
            'projects',
            'Project ID, e.g. 1',
          )}
          ${this.picker(
            'regions',
            'regionId',
            'Region',
            'regions',
            this.state.location.regionId,
            location('regionId'),
            (regionId) => setLocation({ regionId }),
            'regions',
            'Region ID, e.g. 1',
          )}
        </div>
        <div class="connection muted" data-testid="connection">
          ${this.connection
            ? html`<span class="codicon codicon-plug"></span> ${this.connection}`
            : html`<span class="codicon codicon-debug-disconnect"></span> Not signed in`}
        </div>
      </header>
      <main>
        <vscode-tabs
          selected-index=${selected}
          @vsc-tabs-select=${(e: CustomEvent<{ selectedIndex: number }>) => {
            const tab = TABS[e.detail.selectedIndex]?.tab;
            if (tab && tab !== this.state.tab) this.edit({ ...this.state, tab });
          }}
        >
          ${TABS.map(
            (t) =>
              html`<vscode-tab-header slot="header" data-testid=${`tab-${t.tab}`}><span class="codicon codicon-${t.icon}"></span> ${t.label}</vscode-tab-header>
                <vscode-tab-panel data-testid=${`panel-${t.tab}`}>${this.tabPanel(t.tab)}</vscode-tab-panel>`,
          )}
        </vscode-tabs>
      </main>
      <div class="sr-only" role="status" data-testid="spoken-price">${this.spoken}</div>`;
  }
}

customElements.define('price-preview-app', PricePreviewApp);
