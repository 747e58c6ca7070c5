// "Show Trial…", "Show Trial Start Data…", "Show Activated Free Feature…": trials and features
// picked from the platform's lists (typed where it has none), ids checked by the client's own rules
// (a bad id sends nothing; the activation id as disableFreeFeature's input names and checks it),
// the answer shown as a readable document with its raw JSON one click away; "No trial 42 on
// <connection>" for a 404, Retry for the rest.
import * as vscode from 'vscode';
import type * as z from 'zod';
import type { BoundConnection } from '../../connections/connectionManager';
import type { FeatureContext } from '../../ui/featureContext';
import { wholeNumberProblem, parseWholeNumber } from '../../ui/fieldRules';
import { runWizard } from '../../ui/wizard';
import { notifyError } from '../../ui/notify';
import { getTrialEndpoint, startTrialDataQuery } from '../../schema/billing';
import { PlatformError } from '../../schema/errors';
import { disableFreeFeature } from '../../operations/removals';
import { fieldTitle, operationField, ruleWords } from '../../ui/operationSteps';
import { freeFeatureMarkdown, trialMarkdown } from './model/trialDocuments';
import type { PlatformApi } from '../../platform/api';
import { checksQuietWhenEmpty } from '../../ui/promptChecks';
import { valueText } from '../../schema/valueText';
import { pickFromList, type ListPickOptions } from '../../ui/listPick';
import { ListPages } from '../../platform/listPages';
import type { TrialItem } from '../../schema/billingLists';
import type { ActivatedFeatureItem } from '../../schema/iamLists';
import { freeFeaturePickText, trialPickText } from './model/billingPickItems';

export type BillingCommandDeps = Pick<FeatureContext, 'log' | 'ui' | 'documents' | 'registerBoundCommand' | 'registerUnboundCommand'>;

/** Trials read a page at a time, newest first. */
export const TRIAL_PAGE = 50;

// Read where used: the endpoints' schemas are built at first use (lazySchema).
const TRIAL_ID = () => getTrialEndpoint.params.shape.id;
/** The activation id as disableFreeFeature's input names and checks it (a read of one, but the same field). */
const FEATURE_ID = () => operationField(disableFreeFeature, 'activatedFeatureId');
const featureTitle = () => fieldTitle(FEATURE_ID(), 'activatedFeatureId');
const featurePrompt = () => `${featureTitle()} (${ruleWords(FEATURE_ID())})`;
const CLIENT_ID = () => startTrialDataQuery.shape.client_id;
const PRODUCT_ID = () => startTrialDataQuery.shape.product_id;

/** A command argument that is already a valid id is used as is; anything else is asked for (prefilled). */
function givenId(value: unknown, valid: (n: number) => boolean): { id?: number; text: string } {
  const text = value === undefined || value === null ? '' : valueText(value);
  const n = typeof value === 'number' ? value : parseWholeNumber(text);
  return n !== undefined && valid(n) ? { id: n, text } : { text };
}

interface Reading<T> {
  /** "trial 401": for messages. */
  what: string;
  /** "No trial 401 on simulator". */
  notFound: string;
  /** The view's name: "Trial 401". */
  name: string;
  fetch: (api: PlatformApi) => Promise<T>;
  render: (data: T, connectionName: string) => string;
  /** Reopens the prompt with what was typed ("Change ID" after a 404). */
  change: () => Promise<void>;
}

export function registerBillingCommands(deps: BillingCommandDeps): vscode.Disposable[] {
  const { log, documents } = deps;

  /**
   * Reads and shows; every failure is a notification. Resolves with the view's Markdown URI when
   * shown. The document's Refresh reads from the bound connection, and stops once it is signed out.
   */
  const read = async <T>(bound: BoundConnection, r: Reading<T>): Promise<vscode.Uri | undefined> => {
    const { api, connection } = bound;
    const ui = deps.ui();
    const load = async (quiet: boolean): Promise<{ markdown: string; json: string } | undefined> => {
      try {
        const data = await ui.progress(`Reading ${r.what} from ${connection.name}…`, false, () => r.fetch(api));
        return { markdown: r.render(data, connection.name), json: `${JSON.stringify(data, null, 2)}\n` };
      } catch (error) {
        if (error instanceof PlatformError && error.kind === 'notFound') {
          log.error(r.notFound, error);
          const choice = await ui.notify('warning', `${r.notFound}.`, quiet ? ['Show Log'] : ['Change ID', 'Show Log']);
          if (choice === 'Show Log') log.show();
          if (choice === 'Change ID') await r.change();
          return undefined;
        }
        const choice = await notifyError(`Could not read ${r.what} from ${connection.name}`, error, {
          log,
          ui,
          connectionName: connection.name,
          actions: ['Retry'],
          signInAgain: () => vscode.commands.executeCommand('platformConsole.signIn', { name: connection.name, baseUrl: connection.baseUrl }),
        });
        return choice === 'Retry' ? load(quiet) : undefined;
      }
    };
    const first = await load(false);
    if (!first) return undefined;
    log.info(`Showing ${r.what} from ${connection.name}`);
    return documents.show({ name: r.name, connectionName: connection.name, ...first, reload: () => load(true) });
  };

  const askId = async (title: string, prompt: string, label: string, schema: z.ZodType, value: string): Promise<number | undefined> => {
    const answer = await deps.ui().input({
      title,
      step: 1,
      totalSteps: 1,
      canGoBack: false,
      prompt,
      value,
      ...checksQuietWhenEmpty((v) => wholeNumberProblem(schema, v, label), `${label}: must not be empty`),
    });
    return typeof answer === 'string' ? parseWholeNumber(answer) : undefined;
  };

  /** One step: the id picked from the platform's list, or typed ("Enter an ID…", or where the server has no list). */
  const pickId = async <I>(
    title: string,
    prompt: string,
    label: string,
    schema: z.ZodType,
    options: Omit<ListPickOptions<I, number>, 'typed' | 'logError'>,
  ): Promise<number | undefined> => {
    const done = await runWizard<{ id?: number }>(
      {},
      {
        title,
        ui: deps.ui(),
        steps: [
          {
            prompt: async (s, ctx) => {
              const typed = async () =>
                parseWholeNumber(
                  await ctx.input({ prompt, value: '', ...checksQuietWhenEmpty((v) => wholeNumberProblem(schema, v, label), `${label}: must not be empty`) }),
                )!;
              s.id = await pickFromList(ctx, { ...options, typed, logError: (error) => log.error(`Could not list the ${options.noun}s`, error) });
            },
          },
        ],
      },
    );
    return done?.id;
  };

  const pickTrial = (bound: BoundConnection): Promise<number | undefined> => {
    const pages = new ListPages<TrialItem>({
      lists: bound.lists,
      endpoint: 'listTrials',
      read: (offset) => bound.api.billing.listTrials({ params: {}, query: { ordering: '-created_at', limit: TRIAL_PAGE, offset } }),
    });
    return pickId('Show Trial', 'Trial ID (a positive whole number)', 'Trial ID', TRIAL_ID(), {
      noun: 'trial',
      load: () => pages.first(),
      missing: () => bound.lists.isMissing('listTrials'),
      more: { has: () => pages.hasMore(), load: () => pages.more(), describe: () => `${pages.shown()}; the next ${TRIAL_PAGE}` },
      item: (trial) => ({ ...trialPickText(trial, Date.now()), value: trial.id }),
    });
  };

  /** `arg`: an id to show at once (a valid one), else the box prefilled with it; none: picked from the list; `ask` always types. */
  const showTrial = async (bound: BoundConnection, arg?: unknown, ask = false): Promise<vscode.Uri | undefined> => {
    const given = givenId(arg, (n) => !ask && TRIAL_ID().safeParse(n).success);
    const id =
      given.id ??
      (arg === undefined && !ask
        ? await pickTrial(bound)
        : await askId('Show Trial', 'Trial ID (a positive whole number)', 'Trial ID', TRIAL_ID(), given.text));
    if (id === undefined) return undefined;
    return read(bound, {
      what: `trial ${id}`,
      notFound: `No trial ${id} on ${bound.connection.name}`,
      name: `Trial ${id}`,
      fetch: (api) => api.billing.getTrial({ params: { id } }),
      render: (trial, connectionName) => trialMarkdown(trial, `Trial ${id}`, { connectionName, now: Date.now() }),
      change: async () => void (await showTrial(bound, id, true)),
    });
  };

  const showTrialStartData = async (bound: BoundConnection, arg?: { clientId?: unknown; productId?: unknown }): Promise<vscode.Uri | undefined> => {
    const state = {
      clientText: arg?.clientId === undefined ? '' : valueText(arg.clientId),
      productText: arg?.productId === undefined ? '' : valueText(arg.productId),
    };
    const done = await runWizard(state, {
      title: 'Show Trial Start Data',
      ui: deps.ui(),
      steps: [
        {
          prompt: async (s, ctx) => {
            s.clientText = (
              await ctx.input({
                prompt: 'Client ID (a whole number, -2147483648 to 2147483647)',
                value: s.clientText,
                ...checksQuietWhenEmpty((v) => wholeNumberProblem(CLIENT_ID(), v, 'Client ID'), 'Client ID: must not be empty'),
              })
            ).trim();
          },
        },
        {
          prompt: async (s, ctx) => {
            s.productText = (
              await ctx.input({
                prompt: 'Product ID (a whole number)',
                value: s.productText,
                ...checksQuietWhenEmpty((v) => wholeNumberProblem(PRODUCT_ID(), v, 'Product ID'), 'Product ID: must not be empty'),
              })
            ).trim();
          },
        },
      ],
    });
    if (!done) return undefined;
    const clientId = parseWholeNumber(done.clientText)!;
    const productId = parseWholeNumber(done.productText)!;
    return read(bound, {
      what: `trial start data for client ${clientId} and product ${productId}`,
      notFound: `No trial start data for client ${clientId} and product ${productId} on ${bound.connection.name}`,
      name: `Trial start data, client ${clientId}, product ${productId}`,
      fetch: (api) => api.billing.getTrialStartData({ params: {}, query: { client_id: clientId, product_id: productId } }),
      render: (trial, connectionName) =>
        trialMarkdown(trial, `Trial start data: client ${clientId}, product ${productId}${trial.id ? ` (trial ${trial.id})` : ''}`, {
          connectionName,
          now: Date.now(),
        }),
      change: async () => void (await showTrialStartData(bound, { clientId, productId })),
    });
  };

  const pickFreeFeature = (bound: BoundConnection): Promise<number | undefined> =>
    pickId('Show Activated Free Feature', featurePrompt(), featureTitle(), FEATURE_ID(), {
      noun: 'activated free feature',
      load: (fresh) => bound.lists.load<ActivatedFeatureItem>('listFreeFeatures', '', () => bound.api.iam.listFreeFeatures({ params: {} }), { fresh }),
      missing: () => bound.lists.isMissing('listFreeFeatures'),
      item: (feature) => ({ ...freeFeaturePickText(feature, Date.now()), value: feature.id }),
    });

  const showFreeFeature = async (bound: BoundConnection, arg?: unknown, ask = false): Promise<vscode.Uri | undefined> => {
    const given = givenId(arg, (n) => !ask && FEATURE_ID().safeParse(n).success);
    const id =
      given.id ??
      (arg === undefined && !ask
        ? await pickFreeFeature(bound)
        : await askId('Show Activated Free Feature', featurePrompt(), featureTitle(), FEATURE_ID(), given.text));
    if (id === undefined) return undefined;
    return read(bound, {
      what: `activated free feature ${id}`,
      notFound: `No activated free feature ${id} on ${bound.connection.name}`,
      name: `Free feature ${id}`,
      fetch: (api) => api.iam.getActivatedFreeFeature({ params: { activatedFeatureId: id } }),
      render: (feature, connectionName) => freeFeatureMarkdown(feature, `Activated free feature ${id}`, { connectionName, now: Date.now() }),
      change: async () => void (await showFreeFeature(bound, id, true)),
    });
  };

  return [
    deps.registerBoundCommand('platformConsole.showTrial', (bound, id) => showTrial(bound, id)),
    deps.registerBoundCommand('platformConsole.showTrialStartData', (bound, arg) =>
      showTrialStartData(bound, typeof arg === 'object' && arg !== null ? arg : undefined),
    ),
    deps.registerBoundCommand('platformConsole.showActivatedFreeFeature', (bound, id) => showFreeFeature(bound, id)),
    deps.registerUnboundCommand('platformConsole.showRawJson', async () => {
      const doc = await documents.showRawJson();
      if (!doc) await deps.ui().notify('info', 'Open a trial or an activated free feature first (Show Trial…, Show Activated Free Feature…).');
      return doc?.uri;
    }),
    // The document's Refresh reads on the connection that opened it (it asks to sign in when that one is gone).
    deps.registerUnboundCommand('platformConsole.refreshReadableView', () => documents.refresh()),
  ];
}
