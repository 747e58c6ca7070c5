// How a panel's log is named in the extension's own words: its log lines, titles and file names.
import { edgeFiltersText, targetLabel, type LogsTarget } from '../../../protocol/logs';

/** "default/hello-world (project 1, region 1) on sim", "edge app hello (101; last hour) on sim". */
export function describeTarget(t: LogsTarget): string {
  if (t.kind === 'edgeApp') return `${targetLabel(t)} (${t.appId}; ${edgeFiltersText(t.filters)}) on ${t.connectionName}`;
  return `${targetLabel(t)} (project ${t.projectId}, region ${t.regionId}) on ${t.connectionName}`;
}

/** The start of an export's or a document's file name: "default-hello-world", "edge-hello". */
export function fileStem(t: LogsTarget): string {
  if (t.kind === 'edgeApp') return `edge-${(t.appName || String(t.appId)).replace(/[^a-zA-Z0-9_-]/g, '-')}`;
  return `${t.namespace}-${t.functionName}`;
}
