// The drift entry's quick fix, Deploy to Edge App: offered where VS Code asks for code actions,
// which is a text document. A .wasm has no text model (VS Code opens it as binary), so the entry is
// repeated on the Launcher folder's fastedge-config.test.json, where the fix works; the .wasm's own
// menu has Deploy Linked Build for the same deploy.
import * as vscode from 'vscode';
import { DRIFT_CODE, LAUNCHER_CONFIG_FILE } from './edgeBuildDrift';
import { DEPLOY_LINKED_BUILD_COMMAND } from './edgeLinkCommands';

export class EdgeBuildFix implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];
  static readonly selector: vscode.DocumentSelector = [{ pattern: '**/*.wasm' }, { pattern: `**/${LAUNCHER_CONFIG_FILE}` }];

  provideCodeActions(_document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    return context.diagnostics
      .filter((d) => d.code === DRIFT_CODE && d.relatedInformation?.[0])
      .map((d) => {
        const wasm = d.relatedInformation![0]!.location.uri;
        const file = wasm.path.split('/').pop() ?? 'the build';
        const action = new vscode.CodeAction(`Deploy ${file} to Edge App`, vscode.CodeActionKind.QuickFix);
        action.diagnostics = [d];
        action.isPreferred = true;
        action.command = { command: DEPLOY_LINKED_BUILD_COMMAND, title: `Deploy ${file} to Edge App`, arguments: [wasm] };
        return action;
      });
  }
}

export function registerEdgeBuildFix(): vscode.Disposable {
  return vscode.languages.registerCodeActionsProvider(EdgeBuildFix.selector, new EdgeBuildFix(), { providedCodeActionKinds: EdgeBuildFix.kinds });
}
