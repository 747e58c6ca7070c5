// "Sign In": connection name, base URL, dialect (chosen from the URL, changeable), API key
// (masked). Back works; each field is checked as you type; the key is handed to the
// ConnectionManager and nowhere else.
import { HttpClient } from '../../platform/http';
import { PlatformError } from '../../schema/errors';
import { probeConnection } from '../../platform/probe';
import { DEFAULT_BASE_URL, apiKeyInputProblem, baseUrlProblem, connectionNameProblem, plainHttpRisk } from '../../schema/connectionRules';
import type { FlowUi } from '../../ui/flowUi';
import { dialectPickItems, dialectPlaceholder } from './dialectPick';
import { dialectForBaseUrl, type Dialect } from '../../schema/dialect';
import { runWizard, type WizardStep } from '../../ui/wizard';
import type { Connection, ConnectionManager } from '../../connections/connectionManager';

interface SignInState {
  name?: string;
  baseUrl?: string;
  dialect?: Dialect;
  apiKey?: string;
}

export interface SignInPrefill {
  name?: string;
  baseUrl?: string;
  dialect?: Dialect;
}

const USE_HTTPS = 'Use HTTPS';
const USE_HTTP = 'Use Plain HTTP';

/** Unverifiable keys (offline, server down) are saved on a second Enter; rejected keys never. */
let unverifiedKey: string | undefined;

async function verifyKey(baseUrl: string, key: string, userAgent: string): Promise<string | undefined> {
  try {
    await probeConnection(new HttpClient({ baseUrl, apiKey: key, timeoutMs: 10_000, maxRetries: 0, userAgent }));
    unverifiedKey = undefined;
    return undefined;
  } catch (error) {
    if (error instanceof PlatformError && error.kind === 'unauthorized') return `API key: rejected by ${new URL(baseUrl).host} (HTTP 401)`;
    if (unverifiedKey === key) {
      unverifiedKey = undefined;
      return undefined;
    }
    unverifiedKey = key;
    const reason = error instanceof Error ? error.message : String(error);
    return `Could not verify the key: ${reason} Press Enter again to save it anyway.`;
  }
}

export async function signInFlow(connections: ConnectionManager, ui: FlowUi, prefill: SignInPrefill = {}): Promise<Connection | undefined> {
  const existing = connections.list();
  const renewing = prefill.name ? existing.find((c) => c.name === prefill.name) : undefined;
  const steps: WizardStep<SignInState>[] = [
    {
      prompt: async (s, ctx) => {
        s.name = (
          await ctx.input({
            prompt: 'A name for this connection, e.g. production or simulator',
            placeholder: 'production',
            value: s.name ?? prefill.name ?? (existing.length === 0 ? 'production' : ''),
            validate: (v) => connectionNameProblem(v, existing, renewing?.id),
          })
        ).trim();
      },
    },
    {
      prompt: async (s, ctx) => {
        let value = s.baseUrl ?? prefill.baseUrl ?? DEFAULT_BASE_URL;
        for (;;) {
          const typed = (
            await ctx.input({
              prompt: 'Base URL of the platform API',
              placeholder: DEFAULT_BASE_URL,
              value,
              validate: (v) => baseUrlProblem(v) ?? (plainHttpRisk(v) ? { warning: `Plain HTTP: ${plainHttpRisk(v)}` } : undefined),
            })
          ).trim();
          const risk = plainHttpRisk(typed);
          if (!risk) {
            s.baseUrl = typed;
            return;
          }
          // A choice, not a refusal: a lab platform may have no TLS; the person decides knowingly.
          const choice = await ui.confirm(`Send the API key over plain HTTP?`, `${risk}. Use HTTPS unless this network is yours.`, [USE_HTTPS, USE_HTTP]);
          if (choice === USE_HTTP) {
            s.baseUrl = typed;
            return;
          }
          if (choice === USE_HTTPS) {
            s.baseUrl = typed.replace(/^http:/i, 'https:');
            return;
          }
          value = typed; // dismissed: back to the box, as typed
        }
      },
    },
    {
      prompt: async (s, ctx) => {
        const baseUrl = s.baseUrl ?? DEFAULT_BASE_URL;
        const fromUrl = dialectForBaseUrl(baseUrl);
        // Sign In Again to the same URL keeps the dialect the person chose before.
        const before = prefill.dialect ?? renewing?.dialect;
        const current = before && (prefill.baseUrl ?? renewing?.baseUrl) === baseUrl ? before : fromUrl;
        s.dialect = await ctx.pick({
          placeholder: dialectPlaceholder(baseUrl, current, current === fromUrl ? 'from the URL' : 'as before'),
          items: dialectPickItems(fromUrl),
          activeValue: current,
        });
      },
    },
    {
      prompt: async (s, ctx) => {
        s.apiKey = (
          await ctx.input({
            prompt: `API key for ${s.name} (stored in VS Code's secret storage only)`,
            placeholder: 'Paste the API key',
            password: true,
            validate: apiKeyInputProblem,
            validateOnAccept: (key) => verifyKey(s.baseUrl ?? DEFAULT_BASE_URL, key.trim(), connections.userAgent),
          })
        ).trim();
      },
    },
  ];
  const state = await runWizard<SignInState>({}, { title: renewing ? `Sign In Again to ${renewing.name}` : 'Platform Console: Sign In', steps, ui });
  if (!state?.name || !state.baseUrl || !state.apiKey) return undefined;
  return connections.signIn(state.name, state.baseUrl, state.apiKey, state.dialect);
}
