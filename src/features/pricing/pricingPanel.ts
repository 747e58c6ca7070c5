// "Preview Prices…": one Price Preview panel, revived after a reload with its forms and pins.
import * as vscode from 'vscode';
import type { BoundConnection, ConnectionManager } from '../../connections/connectionManager';
import type { FeatureContext } from '../../ui/featureContext';
import type { CloudDefaults } from '../../ui/cloudLocation';
import type { ConnectionCloudDefaults } from '../../ui/settings';
import type { FlowUi } from '../../ui/flowUi';
import type { Log } from '../../ui/log';
import { PanelHost, panelOptions, type PanelWatch } from '../../ui/panelHost';
import { registerPanelSerializer } from '../../ui/panelSerializer';
import {
  PRICING_VIEW_TYPE,
  defaultPricingState,
  type PricingEvent,
  type PricingNotification,
  type PricingRequests,
  type PricingState,
} from '../../protocol/pricing';
import { pricingNotificationSchema, pricingRequestSchemas, pricingStateSchema } from './pricingMessages';
import { PricingSession, type PricingSessionDeps } from './pricingSession';

export const PRICING_TITLE = 'Price Preview';

export interface PricingDeps extends Pick<FeatureContext, 'bindNamed' | 'registerBoundCommand'> {
  extensionUri: vscode.Uri;
  connections: ConnectionManager;
  log: Log;
  ui: () => FlowUi;
  defaults: ConnectionCloudDefaults;
  panelWatch?: PanelWatch;
}

/** What the integration tests reach through the extension's exports. */
export interface PricingExports {
  /** A session wired to `post` instead of a webview, as the panel wires it. */
  createSession(post: (event: PricingEvent) => void, state?: PricingState, debounceMs?: number): PricingSession;
  /** The open panel's session, if any. */
  readonly openSession: PricingSession | undefined;
  readonly panelOpen: boolean;
  /** Checks a raw message the way the panel does: the parsed notification, or undefined. */
  parseNotification(raw: unknown): PricingNotification | undefined;
  parseState(raw: unknown): PricingState | undefined;
}

/** Adjusts what each panel's session is built with (a build may measure or substitute its requests). */
export type PanelSessionDeps = (deps: PricingSessionDeps) => PricingSessionDeps;

export function registerPricing(
  deps: PricingDeps,
  panelSessionDeps: PanelSessionDeps = (d) => d,
): { disposables: vscode.Disposable[]; exports: PricingExports } {
  let open: { host: PanelHost<PricingNotification, PricingRequests, PricingEvent>; session: PricingSession } | undefined;

  /** The settings' project and region, or the last ones chosen on the connection. */
  const initialState = (defaults: CloudDefaults = deps.defaults): PricingState => {
    const { projectId, regionId } = defaults.get();
    return defaultPricingState({ projectId: projectId ? String(projectId) : '', regionId: regionId ? String(regionId) : '' });
  };

  const sessionDeps = (post: (event: PricingEvent) => void, debounceMs?: number): PricingSessionDeps => ({
    connections: deps.connections,
    bindNamed: deps.bindNamed,
    log: deps.log,
    ui: deps.ui,
    locale: vscode.env.language || 'en',
    clipboard: vscode.env.clipboard,
    runCommand: (command) => vscode.commands.executeCommand(command),
    post,
    ...(debounceMs !== undefined && { debounceMs }),
  });

  const attach = (panel: vscode.WebviewPanel, state: PricingState | undefined, defaults?: CloudDefaults) => {
    panel.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'pricing.svg');
    const host = new PanelHost<PricingNotification, PricingRequests, PricingEvent>(panel, {
      extensionUri: deps.extensionUri,
      bundle: 'pricing',
      rootElement: 'price-preview-app',
      styles: ['pricing.css'],
      title: PRICING_TITLE,
      log: deps.log,
      notificationSchema: pricingNotificationSchema,
      requestSchemas: pricingRequestSchemas,
      watch: deps.panelWatch,
    });
    const session = new PricingSession(panelSessionDeps(sessionDeps((event) => host.post(event))), state ?? initialState(defaults));
    host.connect(session);
    const current = { host, session };
    open = current;
    const listener = deps.connections.onDidChange(() => session.connectionChanged());
    host.onDidDispose(() => {
      listener.dispose();
      session.dispose();
      if (open === current) open = undefined;
    });
  };

  const show = (bound: BoundConnection | undefined) => {
    if (open) return open.host.panel.reveal();
    const panel = vscode.window.createWebviewPanel(PRICING_VIEW_TYPE, PRICING_TITLE, vscode.ViewColumn.Active, panelOptions(deps.extensionUri));
    attach(panel, undefined, bound ? deps.defaults.on(bound) : undefined);
  };

  const disposables = [
    // Prices are public: signed out, the panel opens with typed project and region.
    deps.registerBoundCommand('platformConsole.previewPrices', show, { whenSignedOut: 'run' }),
    registerPanelSerializer(PRICING_VIEW_TYPE, pricingStateSchema, deps.log, attach),
    { dispose: () => open?.host.dispose() },
  ];

  const exports: PricingExports = {
    createSession: (post, state, debounceMs) => new PricingSession(sessionDeps(post, debounceMs), state ?? initialState()),
    get openSession() {
      return open?.session;
    },
    get panelOpen() {
      return open !== undefined;
    },
    parseNotification: (raw) => {
      const parsed = pricingNotificationSchema.safeParse(raw);
      return parsed.success ? parsed.data : undefined;
    },
    parseState: (raw) => {
      const parsed = pricingStateSchema.safeParse(raw);
      return parsed.success ? parsed.data : undefined;
    },
  };
  return { disposables, exports };
}
