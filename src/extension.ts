import * as vscode from 'vscode';

// Composition root: builds the services and hands them to views, flows and panels.
export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('Platform Console', { log: true });
  context.subscriptions.push(log);
  log.info('Platform Console activated');
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
