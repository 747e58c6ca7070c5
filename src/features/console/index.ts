// Open in Console (#58 item 4): a platform resource's row opens its page in the platform's web
// console, the connection's own (a reseller's) or the Platform dialect's default. Rows carry a
// plain `consoleResource` (schema/consoleLinks.ts), so this room reads every view's rows without
// importing their features.
import * as vscode from 'vscode';
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { listedOnOf } from '../../ui/listedOn';
import { openInConsole, type Opener } from './openInConsole';

export class ConsoleFeature extends Disposable {
  private opener: Opener = (uri) => vscode.env.openExternal(uri);
  /** The tests observe the page asked for instead of a browser opening; undefined restores VS Code's own. */
  readonly exports = {
    setOpener: (next: Opener | undefined): void => {
      this.opener = next ?? ((uri) => vscode.env.openExternal(uri));
    },
  };

  constructor(ctx: FeatureContext) {
    super();
    this._register(
      ctx.registerBoundCommand(
        'platformConsole.openInConsole',
        (bound, row) => openInConsole(bound.connection, row, { ui: ctx.ui(), log: ctx.log, open: this.opener }),
        // Nothing is sent: a row opens in the console of the connection it was listed on, even after a switch.
        { connection: (row) => listedOnOf(row) ?? ctx.connections.active?.id },
      ),
    );
  }
}

export function activate(ctx: FeatureContext): ConsoleFeature {
  return new ConsoleFeature(ctx);
}
