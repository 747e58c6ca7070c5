// The KV Stores group's commands (#55 item 5): Filter Keys… and Clear Key Filter on a store (the
// prefix is the platform's filter), Open Value on a key (read-only document), and the two writes of
// the catalog (src/operations/edgeKv.ts): Put Key… (the store picked, the key and the value checked
// as typed by the operation's rules, the value typed or read from a file, an optional expiry) and
// Delete Key (the modal). Each reads the store and the key first and is sent once, never retried.
import * as vscode from 'vscode';
import type * as z from 'zod';
import type { BoundConnection } from '../../connections/connectionManager';
import { deleteEdgeKvKey, putEdgeKvKey, type EdgeKvThing } from '../../operations/edgeKv';
import { doneOn, sendWrite, type Operation } from '../../operations/operation';
import { endpoints } from '../../schema/endpoints';
import type { EdgeStoreShort } from '../../schema/edgeStores';
import { PlatformError } from '../../schema/errors';
import { confirmOperation } from '../../ui/confirmOperation';
import type { FeatureContext } from '../../ui/featureContext';
import { fieldProblem } from '../../ui/fieldRules';
import { notifyError } from '../../ui/notify';
import { fieldStep, operationField, operationInput } from '../../ui/operationSteps';
import { byteSize, kvText } from '../../ui/text/kvValue';
import { runWizard, type WizardStep } from '../../ui/wizard';
import { EdgeKvKeyNode, EdgeKvStoreNode } from './edgeKvGroup';
import { EdgeKvValueDocuments } from './edgeKvValueDocument';
import type { EdgeTree } from './edgeTree';

export const EDGE_KV_COMMANDS = {
  filter: 'platformConsole.filterEdgeKvKeys',
  clearFilter: 'platformConsole.clearEdgeKvKeyFilter',
  open: 'platformConsole.openEdgeKvValue',
  put: 'platformConsole.putEdgeKvKey',
  delete: 'platformConsole.deleteEdgeKvKey',
} as const;

/** The largest file Put Key reads: what base64 of 1 MiB holds, or 1 MiB of text. */
const FILE_MAX = 1_048_576;

export interface EdgeKvDeps extends Pick<FeatureContext, 'log' | 'ui' | 'registerBoundCommand' | 'registerUnboundCommand'> {
  tree: EdgeTree;
}

type PutState = { store_id?: number; key?: string; source?: 'typed' | 'file'; file?: string; value?: string; encoding?: 'plain' | 'base64'; expiry?: string };

/** What a file sends: its text as is when it is UTF-8 text, else its bytes in base64; a problem named by the value's title. */
export function valueFromFile(bytes: Uint8Array): { value: string; encoding: 'plain' | 'base64' } {
  const text = kvText(bytes);
  return text !== undefined ? { value: text, encoding: 'plain' } : { value: Buffer.from(bytes).toString('base64'), encoding: 'base64' };
}

export function registerEdgeKvCommands(deps: EdgeKvDeps): vscode.Disposable[] {
  const { log, tree } = deps;
  const kv = tree.listing.kv;
  const documents = new EdgeKvValueDocuments();

  const failed = (bound: BoundConnection, what: string, error: unknown) => {
    const { connection } = bound;
    return notifyError(what, error, {
      log,
      ui: deps.ui(),
      connectionName: connection.name,
      signInAgain: () => vscode.commands.executeCommand('platformConsole.signIn', { name: connection.name, baseUrl: connection.baseUrl }),
    });
  };

  // ---------- filter ----------

  const filter = async (arg: unknown): Promise<void> => {
    if (!(arg instanceof EdgeKvStoreNode)) return;
    const id = arg.store.id;
    const search = endpoints.listEdgeStoreData.query.shape.search;
    const done = await runWizard<{ prefix?: string }>(
      { prefix: kv.prefix(id) },
      {
        title: `Filter Keys of ${arg.store.name || id}`,
        ui: deps.ui(),
        steps: [
          {
            prompt: async (s, ctx) => {
              s.prefix = await ctx.input({
                prompt: 'Keys that start with (up to 1024 characters; empty: every key)',
                value: s.prefix ?? '',
                validate: (v) => (v === '' ? undefined : fieldProblem(search, v, 'Key prefix')),
              });
            },
          },
        ],
      },
    );
    if (done) await kv.setPrefix(id, done.prefix || undefined, arg);
  };

  // ---------- open a value ----------

  const open = async (bound: BoundConnection, arg?: unknown): Promise<vscode.TextDocument | undefined> => {
    if (!(arg instanceof EdgeKvKeyNode)) return undefined;
    const { store, entry } = arg;
    const { connection } = bound;
    try {
      const read = await deps
        .ui()
        .progress(`Reading key ${entry.key} of ${store.name || store.id} on ${connection.name}…`, false, () =>
          bound.api.edge.getEdgeStoreKey({ params: { store_id: store.id, key: entry.key }, query: { limit: 1000 } }),
        );
      return await documents.show(connection.name, store.name || String(store.id), read, entry.key);
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'notFound') {
        void deps
          .ui()
          .notify('warning', `Key ${entry.key} is no longer in edge store ${store.name || store.id} on ${connection.name}. The keys are read again.`);
        await kv.readKeys(store.id);
        return undefined;
      }
      await failed(bound, `Could not read key ${entry.key} of edge store ${store.name || store.id} on ${connection.name}`, error);
      return undefined;
    }
  };

  // ---------- the writes ----------

  const storeStep = (bound: BoundConnection): WizardStep<PutState> =>
    fieldStep(putEdgeKvKey, 'store_id', {
      list: () => ({
        noun: 'edge store',
        load: (fresh) =>
          bound.lists.load('listEdgeStores', '', async () => (await bound.api.edge.listEdgeStores({ params: {}, query: { limit: 1000 } })).stores, { fresh }),
        missing: () => bound.lists.isMissing('listEdgeStores'),
        item: (s: EdgeStoreShort) => ({ label: s.name || `Store ${s.id}`, description: `id ${s.id}`, detail: s.comment || undefined, value: s.id }),
        logError: (error) => log.error('Could not list the edge stores', error),
      }),
    });

  const valueSteps = (): WizardStep<PutState>[] => [
    {
      id: 'source',
      prompt: async (s, ctx) => {
        s.source = await ctx.pick<'typed' | 'file'>({
          placeholder: 'The value',
          items: [
            { label: 'Type the value', description: 'text', value: 'typed' },
            { label: 'From a file…', description: 'text as is, other bytes in base64; at most 1 MiB', value: 'file' },
          ],
          activeValue: s.source ?? 'typed',
        });
        // Another source: what the other one filled is not kept.
        if (s.file !== undefined && s.source === 'typed') s.value = s.encoding = s.file = undefined;
      },
    },
    { ...fieldStep(putEdgeKvKey, 'value', { when: (s) => s.source === 'typed' }), id: 'value' },
    {
      id: 'file',
      shouldPrompt: (s) => s.source === 'file',
      prompt: async (s, ctx) => {
        const valueRule = operationField(putEdgeKvKey, 'value');
        let read: { value: string; encoding: 'plain' | 'base64' } | undefined;
        s.file = await ctx.input({
          prompt: 'Value from a file (text as is, other bytes in base64; at most 1 MiB)',
          value: s.file ?? '',
          placeholder: 'Path of the file, or use the Browse… button',
          browse: { title: 'The value of the key' },
          validate: (v) => (v.trim() ? undefined : 'Value: choose a file'),
          validateOnAccept: async (v) => {
            try {
              const uri = vscode.Uri.file(v.trim());
              const stat = await vscode.workspace.fs.stat(uri);
              if (stat.size > FILE_MAX) return `Value: the file is ${byteSize(stat.size)}; at most ${byteSize(FILE_MAX)}`;
              read = valueFromFile(await vscode.workspace.fs.readFile(uri));
            } catch (error) {
              return `Value: the file cannot be read (${error instanceof Error ? error.message : String(error)})`;
            }
            const problem = fieldProblem(valueRule, read.value, 'Value');
            return problem ? `${problem}${read.encoding === 'base64' ? ' (the file is binary: its bytes are sent in base64)' : ''}` : undefined;
          },
        });
        if (read) Object.assign(s, read);
      },
    },
    fieldStep(putEdgeKvKey, 'expiry', { placeholder: 'e.g. 2026-12-31T23:59:59Z; empty: the key stays' }),
  ];

  /** Reads the store and the key, says a failure (nothing sent), asks, sends once, says what happened and shows the store's keys again. */
  const confirmAndSend = async <S extends z.ZodObject>(
    bound: BoundConnection,
    op: Operation<S, EdgeKvThing>,
    input: z.output<S> & { store_id: number; key: string },
  ): Promise<boolean> => {
    const ui = deps.ui();
    const { connection } = bound;
    const where = `key ${input.key} of edge store ${input.store_id} on ${connection.name}`;
    let thing: EdgeKvThing;
    try {
      thing = await ui.progress(`Reading ${where}…`, false, () => op.read(bound.api, input));
    } catch (error) {
      await failed(bound, `Could not read ${where}; nothing was sent`, error);
      return false;
    }
    if (!(await confirmOperation(ui, op, input, thing, connection))) return false;
    let answer: unknown;
    try {
      answer = await ui.progress(`${op.action(input, thing)} on ${connection.name}…`, false, () => sendWrite(bound.api, op, input, thing));
    } catch (error) {
      await failed(bound, `Could not ${op.button.toLowerCase()} ${where}`, error);
      return false;
    }
    const size = (answer as { store_size?: number } | undefined)?.store_size;
    const line = doneOn(op, input, thing, answer, connection.name, size !== undefined ? `the store holds ${byteSize(size)}` : undefined);
    log.info(line);
    // The stores again (their sizes), then this store's keys with its filter.
    await kv.reload(true);
    await kv.readKeys(input.store_id);
    void ui.notify('info', line);
    return true;
  };

  const putKey = async (bound: BoundConnection, arg?: unknown): Promise<boolean> => {
    const given: PutState =
      arg instanceof EdgeKvStoreNode ? { store_id: arg.store.id } : arg instanceof EdgeKvKeyNode ? { store_id: arg.store.id, key: arg.entry.key } : {};
    const steps = [
      ...(given.store_id === undefined ? [storeStep(bound)] : []),
      ...(given.key === undefined ? [fieldStep<ReturnType<typeof putEdgeKvKey.fields>, 'key', PutState>(putEdgeKvKey, 'key')] : []),
      ...valueSteps(),
    ];
    const done = await runWizard<PutState>({ ...given }, { title: `Put Key (${bound.connection.name})`, ui: deps.ui(), steps });
    if (!done || done.value === undefined) return false;
    const { store_id, key, value, expiry } = done;
    // Base64 only for a file's bytes: a value typed after going Back from a file is text.
    const encoding = done.source === 'file' && done.encoding === 'base64' ? done.encoding : undefined;
    const input = operationInput(putEdgeKvKey, { store_id, key, value, encoding, expiry });
    return confirmAndSend(bound, putEdgeKvKey, input);
  };

  const deleteKey = async (bound: BoundConnection, arg?: unknown): Promise<boolean> => {
    let input: { store_id: number; key: string };
    if (arg instanceof EdgeKvKeyNode) input = { store_id: arg.store.id, key: arg.entry.key };
    else {
      const done = await runWizard<PutState>(
        {},
        { title: `Delete Key (${bound.connection.name})`, ui: deps.ui(), steps: [storeStep(bound), fieldStep(deleteEdgeKvKey, 'key')] },
      );
      if (done?.store_id === undefined || done.key === undefined) return false;
      input = operationInput(deleteEdgeKvKey, done);
    }
    return confirmAndSend(bound, deleteEdgeKvKey, input);
  };

  // On the connection the Edge view shows; a row listed on another one is refused before the handler runs.
  const onView = { connection: () => tree.activeConnectionId };
  return [
    documents,
    deps.registerUnboundCommand(EDGE_KV_COMMANDS.filter, filter),
    deps.registerUnboundCommand(EDGE_KV_COMMANDS.clearFilter, (arg) =>
      arg instanceof EdgeKvStoreNode ? kv.setPrefix(arg.store.id, undefined, arg) : undefined,
    ),
    deps.registerBoundCommand(EDGE_KV_COMMANDS.open, open, onView),
    deps.registerBoundCommand(EDGE_KV_COMMANDS.put, putKey, onView),
    deps.registerBoundCommand(EDGE_KV_COMMANDS.delete, deleteKey, onView),
  ];
}
