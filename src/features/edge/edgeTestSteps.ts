// The steps of Send Test Request…: a recent request of this app to start from, the method, the
// path, the headers offered from the Launcher's files (and the recent request's), more headers
// typed as `Name: value`, the body for methods that send one. Back walks through them.
import {
  BODY_METHODS,
  SAFE_METHODS,
  TEST_LIMITS,
  TEST_METHODS,
  bodyProblem,
  parseTypedHeader,
  pathProblem,
  type TestHeader,
  type TestMethod,
  type TestRequest,
} from '../../schema/edgeTestRequest';
import type { PickItem } from '../../ui/flowUi';
import type { WizardStep } from '../../ui/wizard';
import type { HeaderOffer } from './model/launcherHeaders';
import type { RecentTest } from './model/edgeTestRecent';

export interface TestState {
  method?: TestMethod;
  path?: string;
  /** Picked from the offers (or the recent request's). */
  picked?: TestHeader[];
  /** Typed, in order. */
  typed?: TestHeader[];
  body?: string;
  /** Header names a recent request had whose values were not remembered. */
  withheld?: string[];
}

const NEW = 'new' as const;
const short = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const headerLabel = (h: TestHeader) => short(`${h.name}: ${h.value}`);
const sameHeader = (a: TestHeader, b: TestHeader) => a.name.toLowerCase() === b.name.toLowerCase() && a.value === b.value;

/** The request the state describes: typed headers after picked ones, a typed name replacing a picked one. */
export function requestOf(state: TestState): TestRequest {
  const typed = state.typed ?? [];
  const picked = (state.picked ?? []).filter((p) => !typed.some((t) => t.name.toLowerCase() === p.name.toLowerCase()));
  const method = state.method ?? 'GET';
  return { method, path: state.path ?? '/', headers: [...picked, ...typed], body: BODY_METHODS.includes(method) ? (state.body ?? '') : '' };
}

export function testSteps(offers: readonly HeaderOffer[], recents: readonly RecentTest[]): WizardStep<TestState>[] {
  return [
    {
      id: 'recent',
      shouldPrompt: () => recents.length > 0,
      prompt: async (state, ctx) => {
        const items: PickItem<RecentTest | typeof NEW>[] = [
          { label: '$(add) New request…', value: NEW },
          ...recents.map((r) => ({
            label: short(`${r.method} ${r.path}`),
            description: [
              r.headers.length ? `${r.headers.length} header${r.headers.length === 1 ? '' : 's'}` : '',
              r.body ? `body ${r.body.length} characters` : '',
              r.withheld.length ? `${r.withheld.join(', ')} not remembered` : '',
            ]
              .filter(Boolean)
              .join(' · '),
            value: r,
          })),
        ];
        const chosen = await ctx.pick({ placeholder: 'Start from a recent request of this app, or a new one', items });
        if (chosen === NEW) return;
        Object.assign(state, { method: chosen.method, path: chosen.path, picked: chosen.headers, typed: [], body: chosen.body, withheld: chosen.withheld });
      },
    },
    {
      id: 'method',
      prompt: async (state, ctx) => {
        state.method = await ctx.pick({
          placeholder: 'Method',
          activeValue: state.method ?? 'GET',
          items: TEST_METHODS.map((m) => ({ label: m, description: SAFE_METHODS.includes(m) ? 'reads' : 'may change what the app stores', value: m })),
        });
      },
    },
    {
      id: 'path',
      prompt: async (state, ctx) => {
        state.path = await ctx.input({
          prompt: 'Path (with its query), on the app: starts with /, no spaces',
          placeholder: '/api/hello?q=1',
          value: state.path ?? '/',
          validate: (v) => pathProblem(v),
        });
      },
    },
    {
      id: 'headers',
      shouldPrompt: (state) => offers.length + (state.picked?.length ?? 0) > 0,
      prompt: async (state, ctx) => {
        const fromRecent = (state.picked ?? []).filter((p) => !offers.some((o) => sameHeader(o, p)));
        const items: PickItem<TestHeader>[] = [
          ...offers.map((o) => ({ label: headerLabel(o), description: o.from, value: { name: o.name, value: o.value } })),
          ...fromRecent.map((h) => ({ label: headerLabel(h), description: 'the recent request', value: h })),
        ].map((i) => ({ ...i, picked: (state.picked ?? []).some((p) => sameHeader(p, i.value)) }));
        state.picked = await ctx.pickMany({ placeholder: 'Request headers to send (from the FastEdge Launcher files; none is fine)', items });
      },
    },
    {
      id: 'typed',
      prompt: async (state, ctx) => {
        const typed = [...(state.typed ?? [])];
        const withheld = state.withheld?.length ? ` (${state.withheld.join(', ')} not remembered: type it again to send it)` : '';
        for (;;) {
          const count = requestOf({ ...state, typed }).headers.length;
          const text = await ctx.input({
            prompt: `Another header as Name: value, or Enter on an empty box to go on; ${count} so far${withheld}`,
            placeholder: 'Accept: application/json',
            value: '',
            validate: (v) => {
              if (v.trim() === '') return undefined;
              const parsed = parseTypedHeader(v);
              if ('problem' in parsed) return parsed.problem;
              return count >= TEST_LIMITS.headers ? `Headers: at most ${TEST_LIMITS.headers}` : undefined;
            },
          });
          if (text.trim() === '') break;
          typed.push(parseTypedHeader(text) as TestHeader);
        }
        state.typed = typed;
      },
    },
    {
      id: 'body',
      shouldPrompt: (state) => BODY_METHODS.includes(state.method ?? 'GET'),
      prompt: async (state, ctx) => {
        state.body = await ctx.input({
          prompt: `Body sent with ${state.method} (text, up to ${TEST_LIMITS.bodyBytes / 1024} KB; empty for none)`,
          value: state.body ?? '',
          validate: (v) => bodyProblem(v, state.method ?? 'POST'),
        });
      },
    },
  ];
}
