// Create Agent Token… and Revoke Agent Token (#56). Create: the wizard (createAgentTokenFlow.ts) on
// the connection it started on (the active one, the row's, or `{ connectionId }` handed in by the
// MCP registration), the account id read, the confirmation naming every value, one POST never
// retried; the secret goes to SecretStorage only (and the log's redaction list), the command
// resolves to the record. A failure offers Retry, which reopens the wizard with every value.
// Revoke: the token named and its name typed, one DELETE (404: already gone), then forgotten.
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import { createAgentToken as createOp, revokeAgentToken as revokeOp } from '../../operations/agentTokens';
import { doneOn, sendWrite } from '../../operations/operation';
import type { CreatedApiToken } from '../../schema/iamTokens';
import { confirmOperation } from '../../ui/confirmOperation';
import type { FeatureContext } from '../../ui/featureContext';
import { notifyError } from '../../ui/notify';
import { operationInput } from '../../ui/operationSteps';
import { formatUtc } from '../../ui/text/timeText';
import { runWizard } from '../../ui/wizard';
import { deleteOnPlatform } from './agentTokenLifecycle';
import type { AgentTokenStore } from './agentTokenStore';
import { createTokenSteps, expiryOf, type CreateTokenState } from './createAgentTokenFlow';
import type { AgentTokenRecord } from './model/agentTokens';
import { expiryRelative } from './model/agentTokenRules';

export const CREATE_AGENT_TOKEN_COMMAND = 'platformConsole.createAgentToken';
export const REVOKE_AGENT_TOKEN_COMMAND = 'platformConsole.revokeAgentToken';

/** The connection a command's first argument names: `{ connectionId }` (the MCP registration, a Connections row) or a token row. */
function connectionArg(arg: unknown): string | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const a = arg as { connectionId?: unknown; record?: { connectionId?: unknown } };
  if (typeof a.connectionId === 'string') return a.connectionId;
  return typeof a.record?.connectionId === 'string' ? a.record.connectionId : undefined;
}

/** A token row's record, when the command was run on one. */
function recordArg(arg: unknown): AgentTokenRecord | undefined {
  const record = (arg as { record?: AgentTokenRecord } | undefined)?.record;
  return record && typeof record.tokenId === 'number' ? record : undefined;
}

type Deps = Pick<FeatureContext, 'connections' | 'log' | 'ui' | 'registerBoundCommand'> & { store: AgentTokenStore; now?: () => number };

export function registerAgentTokenCommands(deps: Deps): vscode.Disposable[] {
  const { log, store } = deps;
  const now = deps.now ?? Date.now;
  /** The connection named by the argument, else the active one. */
  const chosen = (arg?: unknown) => connectionArg(arg) ?? deps.connections.active?.id;

  /** The wizard (from `state`, every value kept), the account read, the confirmation, one POST; Retry comes back here. */
  const create = async (bound: BoundConnection, state: CreateTokenState = {}): Promise<AgentTokenRecord | undefined> => {
    const ui = deps.ui();
    const { connection } = bound;
    const done = await runWizard<CreateTokenState>(state, {
      title: `Create Agent Token on ${connection.name}`,
      steps: createTokenSteps(connection.name, now),
      ui,
    });
    if (!done) return undefined;
    const expiry = expiryOf(done, now());
    if ('problem' in expiry) {
      // A typed time passed while the person answered: asked again, the values kept.
      void ui.notify('warning', `Nothing was sent: ${expiry.problem}.`);
      return create(bound, done);
    }
    let clientId: number;
    try {
      clientId = (await ui.progress(`Reading the account of ${connection.name}…`, false, () => bound.api.iam.getAccountDetails({ params: {} }))).id;
    } catch (error) {
      const choice = await notifyError(`Could not read the account of ${connection.name}; nothing was sent`, error, {
        log,
        ui,
        connectionName: connection.name,
        actions: ['Retry'],
      });
      return choice === 'Retry' ? create(bound, done) : undefined;
    }
    let input: ReturnType<typeof operationInput<ReturnType<typeof createOp.fields>>>;
    try {
      input = operationInput(createOp, { name: done.name, role: done.role, exp_date: expiry.exp_date, clientId });
    } catch (error) {
      await notifyError('Nothing was sent for the agent token', error, { log, ui, connectionName: connection.name });
      return create(bound, done);
    }
    if (!(await confirmOperation(ui, createOp, input, undefined, connection))) return undefined;
    let made: CreatedApiToken;
    try {
      made = (await ui.progress(`Creating agent token "${input.name}" on ${connection.name}…`, false, () =>
        sendWrite(bound.api, createOp, input, undefined),
      )) as CreatedApiToken;
    } catch (error) {
      const choice = await notifyError(`Could not create agent token "${input.name}"`, error, { log, ui, connectionName: connection.name, actions: ['Retry'] });
      return choice === 'Retry' ? create(bound, done) : undefined;
    }
    // Scrubbed from every log line from now on, before anything could write it; kept only in SecretStorage.
    log.addSecret(made.token);
    const record: AgentTokenRecord = {
      connectionId: connection.id,
      connectionName: connection.name,
      baseUrl: connection.baseUrl,
      clientId,
      tokenId: made.id,
      name: input.name,
      role: { ...(typeof made.client_user?.role?.id === 'number' ? { id: made.client_user.role.id } : {}), name: input.role },
      expiresAt: input.exp_date,
      createdAt: new Date(now()).toISOString(),
      usedBy: [],
    };
    await store.add(record, made.token);
    const line = doneOn(createOp, input, undefined, made, connection.name, `"${input.name}", ${input.role}, expires ${formatUtc(input.exp_date)}`);
    log.info(line);
    void ui.notify('info', line);
    return record;
  };

  /** The token of a row, else one of the connection's picked. */
  const tokenToRevoke = async (bound: BoundConnection, arg: unknown): Promise<AgentTokenRecord | undefined> => {
    const fromRow = recordArg(arg);
    if (fromRow) return fromRow;
    const ui = deps.ui();
    const tokens = store.all().filter((r) => r.connectionId === bound.connection.id);
    if (tokens.length === 0) return void ui.notify('info', `${bound.connection.name} has no agent token to revoke.`);
    const picked = await ui.pick<AgentTokenRecord>({
      title: `Revoke Agent Token (${bound.connection.name})`,
      step: 1,
      totalSteps: 1,
      canGoBack: false,
      placeholder: 'The agent token to revoke (deleted on the platform: every agent using it stops)',
      items: tokens.map((r) => ({ label: r.name, description: `${r.role.name} · ${expiryRelative(Date.parse(r.expiresAt), now())}`, value: r })),
    });
    return typeof picked === 'object' ? picked : undefined;
  };

  const revoke = async (bound: BoundConnection, arg: unknown): Promise<boolean> => {
    const record = await tokenToRevoke(bound, arg);
    if (!record) return false;
    const ui = deps.ui();
    const { connection } = bound;
    const input = { clientId: record.clientId, tokenId: record.tokenId };
    if (!(await confirmOperation(ui, revokeOp, input, record, connection))) return false;
    try {
      const outcome = await ui.progress(`Revoking agent token "${record.name}" on ${connection.name}…`, false, () => deleteOnPlatform(bound, record));
      await store.remove(record);
      const line =
        outcome === 'deleted'
          ? doneOn(revokeOp, input, record, undefined, connection.name, `"${record.name}" is deleted there and forgotten here`)
          : `Agent token "${record.name}" (ID ${record.tokenId}) was already gone on ${connection.name}: forgotten here.`;
      log.info(line);
      void ui.notify('info', line);
      return true;
    } catch (error) {
      const until = formatUtc(record.expiresAt) ?? record.expiresAt;
      await notifyError(`Could not revoke agent token "${record.name}": it is still live on the platform (until ${until}) and kept here`, error, {
        log,
        ui,
        connectionName: connection.name,
      });
      return false;
    }
  };

  return [
    deps.registerBoundCommand(CREATE_AGENT_TOKEN_COMMAND, (bound) => create(bound), { connection: chosen }),
    deps.registerBoundCommand(REVOKE_AGENT_TOKEN_COMMAND, (bound, arg) => revoke(bound, arg), { connection: chosen }),
  ];
}
