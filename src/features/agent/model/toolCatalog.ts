// The one catalog of agent tools: what the editor registers as language model tools, what
// package.json contributes (generated from here, and tested against it), and what the MCP server
// serves. Running a tool: the input checked by the request rules, the write confirmed with its
// exact request, every answer bounded and scrubbed of keys, every failure an answer.
import { fillPath, pathIn } from '../../../schema/endpoint';
import { formatIssues, isPlatformError } from '../../../schema/errors';
import { toFieldIssues } from '../../../schema/validate';
import { listCloudLocations, previewInstancePrice, previewLoadBalancerPrice } from './cloudTools';
import {
  getEdgeApp,
  getEdgeClient,
  getEdgeTemplate,
  getFreeFeature,
  getProtectionProfile,
  getReportTask,
  getTrial,
  getTrialStartData,
  listConnections,
  listEdgeApps,
  listEdgeTemplates,
  listProtectionProfiles,
  listReportTasks,
  readFunctionLogs,
} from './readTools';
import { escapeText, jsonBlock, neutralize, quoted } from './platformText';
import { listFreeFeatures, listNotificationSettings, listTrials } from './pickListTools';
import { deleteNotificationSetting, deleteReportTask, disableFreeFeature } from './removeTools';
import { deleteEdgeApp, disableEdgeApp, enableEdgeApp, startEdgeAppDebug } from './edgeAppTools';
import { setEdgeAppConfig } from './edgeConfigTool';
import { deleteEdgeBinary, deployEdgeApp, rollBackEdgeApp } from './edgeDeployTools';
import { createEdgeApp, listEdgeBinaries } from './edgeCreateTools';
import { deleteEdgeSecret, listEdgeSecrets } from './edgeSecretTools';
import { deleteEdgeKvKey, listEdgeStoreKeys, listEdgeStores, putEdgeKvKey, readEdgeStoreValue } from './edgeKvTools';
import {
  deleteCloudSecret,
  deleteSnapshotPolicy,
  disableFunction,
  enableFunction,
  listCloudSecrets,
  listSnapshotPolicies,
  pauseSnapshotPolicy,
  resumeSnapshotPolicy,
} from './cloudManageTools';
import { editSnapshotSchedule, removeSnapshotSchedule, renameSnapshotPolicy } from './scheduleTools';
import { createTlsSecret } from './tlsSecretTool';
import { readReport } from './reportTool';
import { readEdgeAppLogs } from './edgeLogsTool';
import { compareEdgeAppConfig } from './edgeConfigDriftTool';
import { readEdgeAppStats } from './edgeStatsTool';
import { sendEdgeTestRequest } from './edgeTestRequestTool';
import { checkEdgeBuild } from './edgeBuildTool';
import { getEdgeDeployWatch } from './edgeWatchTool';
import { errorAnswer, otherConnectionNote } from './toolAnswers';
import type { TypedNamePrompt } from '../../../operations/commandConfirmation';
import {
  inputJsonSchema,
  type AgentBinding,
  type AgentHost,
  type AgentTool,
  type ToolKind,
  type WriteChange,
  type WriteRequest,
  type WriteTarget,
} from './toolKit';
import { addSchedules, createNotificationSetting, createReport, createSecret, updateNotificationSetting, updateProtectionProfile } from './writeTools';
import { deleteStorage, listStorages, restoreStorage } from './storageTools';
import { createProtectionProfile, deleteProtectionProfile, listProtectionTemplates } from './profileTools';
import { listDdosAttacks } from './ddosAttacksTool';
import { witnessRequests } from '../../../platform/requestWitness';
import type { RequestLogEntry } from '../../../platform/httpOptions';
import type { AgentWrite, WriteResult } from './agentActivity';
import { failed, scrubbedWrite, succeeded, targetOf } from './writeAudit';
import { SIMULATOR_NOT_A_PLATFORM, SIMULATOR_TITLE } from '../../../ui/text/writeConfirmation';

export const AGENT_TOOLS: readonly AgentTool[] = [
  listConnections,
  listProtectionProfiles,
  getProtectionProfile,
  listProtectionTemplates,
  listEdgeApps,
  getEdgeApp,
  listEdgeTemplates,
  getEdgeTemplate,
  listEdgeBinaries,
  listEdgeSecrets,
  listEdgeStores,
  listEdgeStoreKeys,
  readEdgeStoreValue,
  listStorages,
  listDdosAttacks,
  getEdgeClient,
  listReportTasks,
  getReportTask,
  readReport,
  listTrials,
  getTrial,
  getTrialStartData,
  listFreeFeatures,
  getFreeFeature,
  listNotificationSettings,
  readFunctionLogs,
  readEdgeAppLogs,
  compareEdgeAppConfig,
  readEdgeAppStats,
  sendEdgeTestRequest,
  checkEdgeBuild,
  getEdgeDeployWatch,
  listCloudLocations,
  listCloudSecrets,
  listSnapshotPolicies,
  previewInstancePrice,
  previewLoadBalancerPrice,
  updateProtectionProfile,
  createProtectionProfile,
  createReport,
  addSchedules,
  createNotificationSetting,
  updateNotificationSetting,
  createSecret,
  createTlsSecret,
  deleteStorage,
  restoreStorage,
  deleteReportTask,
  disableFreeFeature,
  deleteNotificationSetting,
  enableEdgeApp,
  disableEdgeApp,
  startEdgeAppDebug,
  deleteEdgeApp,
  deployEdgeApp,
  rollBackEdgeApp,
  setEdgeAppConfig,
  deleteEdgeBinary,
  createEdgeApp,
  deleteEdgeSecret,
  putEdgeKvKey,
  deleteEdgeKvKey,
  deleteCloudSecret,
  pauseSnapshotPolicy,
  resumeSnapshotPolicy,
  renameSnapshotPolicy,
  editSnapshotSchedule,
  removeSnapshotSchedule,
  deleteSnapshotPolicy,
  disableFunction,
  enableFunction,
  deleteProtectionProfile,
] as AgentTool[];

/** The setting that offers the write tools (`platformConsole.agent.allowWrites`), and the `when` that hides them when it is off. */
export const WRITES_SETTING = 'agent.allowWrites';
export const WRITES_WHEN = `config.platformConsole.${WRITES_SETTING}`;

export function agentTool(name: string): AgentTool | undefined {
  return AGENT_TOOLS.find((t) => t.name === name);
}

/** `contributes.languageModelTools`, as package.json must hold it. */
export function languageModelToolsManifest(): Record<string, unknown>[] {
  return AGENT_TOOLS.map((t) => ({
    name: t.name,
    displayName: t.displayName,
    toolReferenceName: t.referenceName,
    canBeReferencedInPrompt: true,
    userDescription: t.userDescription,
    modelDescription: t.modelDescription,
    icon: t.kind === 'read' ? '$(cloud)' : t.kind === 'destructive' ? '$(trash)' : '$(edit)',
    tags: ['platform-console', t.kind === 'read' ? 'read' : 'write'],
    ...(t.kind === 'read' ? {} : { when: WRITES_WHEN }),
    inputSchema: inputJsonSchema(t),
  }));
}

/** The class of one call: a `write` whose target says it removes, disables, overwrites or prunes is destructive. */
export function callKind(tool: AgentTool, request: WriteRequest): ToolKind {
  return tool.kind === 'write' && request.target?.destructive ? 'destructive' : tool.kind;
}

/** The tool may be destructive (always, or for some inputs): MCP's destructiveHint. */
export const mayDestroy = (tool: AgentTool) => tool.kind === 'destructive' || tool.destructiveWhen !== undefined;

/** The input checked by the tool's schema, or the answer that says which field broke which rule. */
export function parseToolInput(tool: AgentTool, raw: unknown): { ok: true; input: Record<string, unknown> } | { ok: false; answer: string } {
  const parsed = tool.input.safeParse(raw ?? {});
  if (parsed.success) return { ok: true, input: parsed.data };
  // The field names and rules are ours, but an unknown field's name is the model's: escaped.
  return {
    ok: false,
    answer: `Refused before sending, nothing was sent: ${escapeText(formatIssues(toFieldIssues(parsed.error.issues)))}. Correct these fields and call again.`,
  };
}

/** A write's request, or the refusal (field and rule). */
export function prepareWrite(tool: AgentTool, input: Record<string, unknown>): { ok: true; request: WriteRequest } | { ok: false; answer: string } {
  try {
    return { ok: true, request: tool.prepare!(input) };
  } catch (error) {
    if (isPlatformError(error) && error.kind === 'validation')
      return {
        ok: false,
        answer: `Refused before sending, nothing was sent: ${escapeText(formatIssues(error.issues) || error.message)}. Correct these fields and call again.`,
      };
    throw error;
  }
}

/** Backticks fence text so nothing in it can close the fence (CommonMark: only a run at least as long closes it). */
function fenced(text: string, lang: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${text}\n${fence}`;
}

/**
 * A value as inline code: neutralized to one line (a blank line would end the code span), fenced by
 * one backtick more than its longest run, padded when it starts or ends with a backtick or a
 * space (CommonMark strips one space each side). Nothing inside is Markdown: no heading, link,
 * emphasis or HTML.
 */
export function inlineCode(text: string): string {
  const escaped = neutralize(text);
  const longest = Math.max(0, ...[...escaped.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = escaped === '' || /^[` ]|[` ]$/.test(escaped) ? ' ' : '';
  return `${fence}${pad}${escaped}${pad}${fence}`;
}

/**
 * What the person is asked before a write. The connection first, in our words (so nothing the
 * model wrote can push it out of view); then the operation, the exact method and path and the
 * body: every value the model supplied shown as code, escaped, so none of it is Markdown.
 */
export function confirmation(
  tool: AgentTool,
  req: WriteRequest,
  on: Pick<AgentBinding, 'connectionName' | 'baseUrl' | 'dialect' | 'simulator'>,
): { title: string; message: string } {
  const path = fillPath(pathIn(req.endpoint, on.dialect), req.call.params);
  const query =
    req.call.query && Object.keys(req.call.query).length
      ? `?${new URLSearchParams(Object.entries(req.call.query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`
      : '';
  const destructive = callKind(tool, req) === 'destructive';
  const typed = req.target?.typed;
  const simulated = on.simulator ? `; ${SIMULATOR_NOT_A_PLATFORM}` : '';
  const parts = [
    `On connection ${inlineCode(on.connectionName)} (${inlineCode(on.baseUrl)}, ${on.dialect} API${simulated}):`,
    `**${tool.displayName}**: ${inlineCode(req.operation)}`,
    ...(req.target ? [targetLine(req.target)] : []),
    ...(req.target?.changes?.length ? [changeList(req.target.changes)] : []),
    ...(req.target?.destructive ? [`**Destructive: ${req.target.destructive}**`] : []),
    fenced(neutralize(`${req.endpoint.method} ${path}${query}`), 'http'),
    ...(req.shownBody === undefined ? [] : [fenced(jsonBlock(req.shownBody), 'json')]),
    ...(destructive ? [req.target?.undo ? `**${req.target.undo}**` : '**This cannot be undone.**'] : []),
    ...(typed ? [`**Its name must be typed to confirm: ${inlineCode(typed.name)}.**`] : []),
    `Sent once when you allow it${typed ? ' and its name is typed' : ''}; never retried automatically.`,
  ];
  const title = `${tool.displayName} on ${neutralize(on.connectionName)}${on.simulator ? SIMULATOR_TITLE : ''}?`;
  return { title, message: parts.join('\n\n') };
}

/** "The report task: template `ResellerPlans` · created `…`" then what is lost: our labels, the platform's values as code. */
function targetLine(target: WriteTarget): string {
  const facts = target.facts.map(([label, value]) => `${label} ${inlineCode(value)}`).join(' · ');
  return `${target.noun}: ${facts}.${target.consequence ? ` ${target.consequence}` : ''}`;
}

/** Every change, one a line: "- add variable `UPSTREAM` = `https://…`", "- change … `old` → `new`", "- remove … (was `old`)". */
function changeList(changes: readonly WriteChange[]): string {
  return changes
    .map((c) => {
      const name = `${c.what} ${inlineCode(c.name)}`;
      if (c.before === undefined) return `- add ${name} = ${inlineCode(c.after ?? '')}`;
      if (c.after === undefined) return `- remove ${name} (was ${inlineCode(c.before)})`;
      return `- change ${name}: ${inlineCode(c.before)} → ${inlineCode(c.after)}`;
    })
    .join('\n');
}

/**
 * The request with the thing it acts on, read from the platform (a delete names what it deletes);
 * the answer instead when that read fails: nothing is asked, nothing is sent.
 */
export async function withTarget(
  tool: AgentTool,
  bound: AgentBinding,
  input: Record<string, unknown>,
  request: WriteRequest,
): Promise<{ ok: true; request: WriteRequest } | { ok: false; answer: string }> {
  if (!tool.readTarget) return { ok: true, request };
  try {
    const target = await tool.readTarget(bound, input);
    // A target named by what was read names the operation too ("Delete report task ResellerExpenses").
    return { ok: true, request: target ? { ...request, target, operation: target.operation ?? request.operation } : request };
  } catch (error) {
    const said = errorAnswer(error, { connectionName: bound.connectionName, write: false, source: tool.name, unauthorized: bound.unauthorized });
    return { ok: false, answer: `${said}\nNothing was asked or sent.` };
  }
}

/**
 * What the host may add to a run: scrubbing keys, a line before a write is sent, a confirmation it
 * asks for (a refusal answer, or undefined to send), the request the person already confirmed for
 * this very call (the editor asks while preparing it), and the refusal of a destructive call.
 */
export type RunHost = AgentHost & {
  scrub(text: string): string;
  sending?(request: WriteRequest): void;
  confirm?(request: WriteRequest): Promise<string | undefined>;
  /** `confirm` asks for the typed name in the same question (MCP's form) and refuses a name that differs. */
  confirmAsksName?: boolean;
  /** Asks the person to type the thing's name (the editor, after VS Code's dialog), or says why it cannot: a refusal, or undefined once typed. */
  askName?(typed: TypedNamePrompt): Promise<string | undefined>;
  confirmed?: WriteRequest;
  refuseDestructive?(request: WriteRequest): string | undefined;
  /** Told once a write was sent and answered (the editor links a deployed file to its app: build drift). */
  wrote?(tool: string, input: Record<string, unknown>, sent: unknown): void;
  /** Told once of every write attempt and how it ended (the audit trail, #56): scrubbed, never a key. */
  audit?(write: AgentWrite): void;
  /** `askName` refuses without asking anyone (MCP without elicitation): the audit says refused, not declined. */
  askNameRefuses?: boolean;
};

/** Runs a tool on a bound connection: a refused input, a failed call, anything, comes back as an answer. */
export async function runTool(tool: AgentTool, bound: AgentBinding, raw: unknown, host: RunHost): Promise<string> {
  const answer = await answerOf(tool, bound, raw, host);
  // A call on another connection than the active one says so first (the model may not have meant it).
  const elsewhere = !tool.offline && bound.activeConnectionName !== undefined;
  return host.scrub(elsewhere ? `${otherConnectionNote(bound.connectionName, bound.activeConnectionName ?? undefined)}\n${answer}` : answer);
}

async function answerOf(tool: AgentTool, bound: AgentBinding, raw: unknown, host: RunHost): Promise<string> {
  // Every way a write attempt ends is told to the audit trail once, here (reads are not).
  const audit = (request: WriteRequest | undefined, result: WriteResult) => {
    if (tool.kind === 'read' || !host.audit) return;
    host.audit(scrubbedWrite({ tool: tool.name, connection: bound.connectionName, target: targetOf(tool, request), result }, (t) => host.scrub(t)));
  };
  const refusedInput = { kind: 'refused', reason: 'the input broke a rule; nothing was sent' } as const;
  const parsed = parseToolInput(tool, raw);
  if (!parsed.ok) return (audit(undefined, refusedInput), parsed.answer);
  const prepared = tool.prepare ? prepareWrite(tool, parsed.input) : undefined;
  if (prepared && !prepared.ok) return (audit(undefined, refusedInput), prepared.answer);
  let request = prepared && (host.confirmed ?? prepared.request);
  // The thing read first, so the question names it and the call's class is known; a failed read asks nothing and sends nothing.
  if (request && !host.confirmed && (host.confirm || tool.destructiveWhen || tool.operation?.typedName)) {
    const targeted = await withTarget(tool, bound, parsed.input, request);
    if (!targeted.ok) return (audit(request, { kind: 'failed', reason: 'what it changes could not be read; nothing was sent' }), targeted.answer);
    request = targeted.request;
  }
  if (request && callKind(tool, request) === 'destructive') {
    const refused = host.refuseDestructive?.(request);
    if (refused !== undefined)
      return (audit(request, { kind: 'refused', reason: 'destructive for this input, and destructive calls are not allowed' }), refused);
  }
  // A write whose operation asks for the name typed is sent only once the person typed it: in the
  // host's own question (MCP's form) or asked after it (the editor); a host that can do neither refuses.
  const typed = request?.target?.typed;
  const nameInQuestion = Boolean(host.confirm && host.confirmAsksName && !host.confirmed);
  if (typed && !nameInQuestion && !host.askName) return (audit(request, { kind: 'refused', reason: NAME_UNASKED }), nameNotAsked(tool, typed));
  if (request && host.confirm && !host.confirmed) {
    // Asked before anything is sent; a refusal (declined, dismissed, could not ask) sends nothing.
    const refused = await asked(() => host.confirm!(request));
    if (refused !== undefined) return (audit(request, refused.result), refused.answer);
  }
  if (typed && !nameInQuestion) {
    const refused = await asked(() => host.askName!(typed));
    if (refused !== undefined) {
      // A host that asks nobody (MCP without elicitation) refuses; else the person did not type the name.
      const result: WriteResult = host.askNameRefuses ? { kind: 'refused', reason: NAME_UNASKED } : refused.result;
      return (audit(request, result), refused.answer);
    }
  }
  const entries: RequestLogEntry[] = [];
  let sent: unknown;
  try {
    if (!request) return await tool.run!(bound, parsed.input, host);
    // Sent once: the client never retries a non-GET.
    const { endpoint, call, send } = request;
    host.sending?.(request);
    const sending = send ? () => send(bound, request) : () => bound.api.http.call(endpoint, call, { signal: bound.signal });
    sent = await witnessRequests((entry) => entries.push(entry), sending);
  } catch (error) {
    audit(request, failed(error, entries));
    return errorAnswer(error, { connectionName: bound.connectionName, write: tool.kind !== 'read', source: tool.name, unauthorized: bound.unauthorized });
  }
  audit(request, succeeded(entries));
  try {
    host.wrote?.(tool.name, parsed.input, sent);
    return tool.answer!(sent, bound, parsed.input);
  } catch (error) {
    return errorAnswer(error, { connectionName: bound.connectionName, write: tool.kind !== 'read', source: tool.name, unauthorized: bound.unauthorized });
  }
}

const NAME_UNASKED = 'its name must be typed to confirm, and nobody could be asked to type it';

/** The person's answer to a question: a refusal with how it ended (declined; failed when it could not be asked), or undefined to send. */
async function asked(question: () => Promise<string | undefined>): Promise<{ answer: string; result: WriteResult } | undefined> {
  try {
    const answer = await question();
    return answer === undefined ? undefined : { answer, result: { kind: 'declined', reason: 'not confirmed when asked; nothing was sent' } };
  } catch (error) {
    const why = escapeText(error instanceof Error ? error.message : String(error));
    const answer = `Not sent: the person could not be asked to confirm (${why}). Nothing was sent.`;
    return { answer, result: { kind: 'failed', reason: 'the person could not be asked to confirm; nothing was sent' } };
  }
}

/** A host that can ask for no typed name (MCP without elicitation, say) sends nothing that needs one. */
function nameNotAsked(tool: AgentTool, typed: TypedNamePrompt): string {
  return (
    `Refused: ${tool.name} is confirmed only by the person typing the name of what it changes (${quoted(typed.name)}), ` +
    `and nobody can be asked to type it here; nothing was sent. ${typed.title} in Platform Console asks for it.`
  );
}
