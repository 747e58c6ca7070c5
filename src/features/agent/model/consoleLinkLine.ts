// The line a read tool's answer ends with for one resource (#58 item 4): its page in the
// connection's web console, as Open in Console opens it; nothing when the connection has none.
import { consoleLink, type ConsoleResource } from '../../../schema/consoleLinks';
import type { AgentBinding } from './toolKit';

export function consoleLinkLine(b: Pick<AgentBinding, 'consoleUrl'>, resource: ConsoleResource): string {
  if (b.consoleUrl === undefined) return '';
  const link = consoleLink(b.consoleUrl, resource);
  return `\nIn the web console: ${link.url}${link.exact ? '' : ` (no page of its own: from there, ${link.where})`}`;
}
