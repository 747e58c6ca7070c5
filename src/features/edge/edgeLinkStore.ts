// The workspace's .wasm ↔ edge app links (model/edgeLinks.ts) in workspaceState, with an event
// the decorations, the Edge view's rows and the drift checks listen to.
import * as vscode from 'vscode';
import { Disposable } from '../../ui/disposable';
import { EDGE_LINKS_KEY, readLinks, withLink, withoutLink, type EdgeLink } from './model/edgeLinks';

export class EdgeLinkStore extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** Fired after a link is set or removed. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {
    super();
  }

  all(): EdgeLink[] {
    return readLinks(this.state.get(EDGE_LINKS_KEY));
  }

  get(wasm: vscode.Uri): EdgeLink | undefined {
    const key = wasm.toString();
    return this.all().find((l) => l.wasm === key);
  }

  /** The files linked to one app on one connection. */
  linksOf(connectionId: string, appId: number): EdgeLink[] {
    return this.all().filter((l) => l.connectionId === connectionId && l.appId === appId);
  }

  async set(link: EdgeLink): Promise<void> {
    await this.state.update(EDGE_LINKS_KEY, withLink(this.all(), link));
    this.changed.fire();
  }

  async remove(wasm: vscode.Uri): Promise<void> {
    await this.state.update(EDGE_LINKS_KEY, withoutLink(this.all(), wasm.toString()));
    this.changed.fire();
  }

  /** Drops the links of connections that no longer exist (signed out). */
  async prune(liveConnectionIds: readonly string[]): Promise<void> {
    const live = new Set(liveConnectionIds);
    const kept = this.all().filter((l) => live.has(l.connectionId));
    if (kept.length === this.all().length) return;
    await this.state.update(EDGE_LINKS_KEY, kept);
    this.changed.fire();
  }
}
