// Opening an app's URL in the browser, from the tree's Open in Browser and from the notification
// after a deploy: http and https only; anything else (`javascript:`, `file:`, `vscode:`, no scheme)
// is refused and named, and nothing is opened.
import * as vscode from 'vscode';
import type { FlowUi } from '../../ui/flowUi';
import type { Log } from '../../ui/log';
import { browsableUrl } from './model/edgeDisplay';

/** Opens `url` when it is http(s); else says why not. True when the browser was asked to open it. */
export async function openAppUrl(url: string, deps: { log: Log; ui: () => FlowUi }): Promise<boolean> {
  const checked = browsableUrl(url);
  if ('problem' in checked) {
    deps.log.info(`Did not open the app URL ${url}: ${checked.problem}`);
    await deps.ui().notify('warning', `Not opened: the app's URL "${url}" cannot open in a browser (${checked.problem}).`, []);
    return false;
  }
  const opened = await vscode.env.openExternal(vscode.Uri.parse(checked.url, true));
  if (!opened) deps.log.info(`Did not open ${checked.url}`);
  return opened;
}
