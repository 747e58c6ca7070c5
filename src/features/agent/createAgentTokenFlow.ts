// Create Agent Token's steps, made from the operation's inputs (src/operations/agentTokens.ts): the
// name (a default naming the connection and the minute), the role picked from the platform's roles
// least powerful first with what each governs, and the expiry: a choice (8 hours first) or a date and
// time typed, in the future and within the product's 30 days. Each checked as typed, Back kept.
import { createAgentToken as createOp } from '../../operations/agentTokens';
import { fieldProblem } from '../../ui/fieldRules';
import { fieldStep, operationField } from '../../ui/operationSteps';
import type { WizardStep } from '../../ui/wizard';
import {
  DEFAULT_EXPIRY_MS,
  EXPIRY_CHOICES,
  ROLES_SCOPE,
  ROLE_CHOICES,
  TYPED_EXPIRY_FORM,
  defaultTokenName,
  expiryProblem,
  typedExpiry,
  utcSeconds,
} from './model/agentTokenRules';

type Fields = ReturnType<typeof createOp.fields>;

export interface CreateTokenState {
  name?: string;
  role?: (typeof ROLE_CHOICES)[number]['name'];
  /** A span from now (ms), or 'typed': a date and time typed in the next step. */
  expiry?: number | 'typed';
  /** The instant typed (ms), when `expiry` is 'typed'. */
  expiresAtMs?: number;
}

/** The expiry to send for the state, now: RFC 3339 in UTC, or the problem with it (a typed time now in the past). */
export function expiryOf(state: CreateTokenState, nowMs: number): { exp_date: string } | { problem: string } {
  const at = state.expiry === 'typed' ? state.expiresAtMs : nowMs + (state.expiry ?? DEFAULT_EXPIRY_MS);
  if (at === undefined) return { problem: 'Expires: must be a date and time' };
  const problem = expiryProblem(at, nowMs);
  return problem ?? { exp_date: utcSeconds(at) };
}

export function createTokenSteps(connectionName: string, now: () => number): WizardStep<CreateTokenState>[] {
  const expiryRule = () => operationField(createOp, 'exp_date');
  return [
    fieldStep<Fields, 'name', CreateTokenState>(createOp, 'name', { initial: () => defaultTokenName(connectionName, now()) }),
    fieldStep<Fields, 'role', CreateTokenState>(createOp, 'role', {
      prompt: ROLES_SCOPE,
      // The least powerful highlighted: the person raises it knowingly.
      initial: () => ROLE_CHOICES[0]!.name,
      choices: ROLE_CHOICES.map((r) => ({ value: r.name, label: r.name, description: r.governs })),
    }),
    {
      id: 'expiry',
      prompt: async (s, ctx) => {
        s.expiry = await ctx.pick<number | 'typed'>({
          placeholder: 'Expires: the token stops working then, and is deleted on the platform (at most 30 days, the product’s limit)',
          items: [
            ...EXPIRY_CHOICES.map((c) => ({ label: c.label, ...(c.ms === DEFAULT_EXPIRY_MS ? { description: 'default' } : {}), value: c.ms })),
            { label: 'A date and time…', description: 'typed, in UTC or with an offset', value: 'typed' as const },
          ],
          activeValue: s.expiry ?? DEFAULT_EXPIRY_MS,
        });
      },
    },
    {
      id: 'expiryTyped',
      shouldPrompt: (s) => s.expiry === 'typed',
      prompt: async (s, ctx) => {
        const check = (text: string) => {
          const typed = typedExpiry(text, now());
          if ('problem' in typed) return typed.problem;
          return fieldProblem(expiryRule(), utcSeconds(typed.ms), 'Expires');
        };
        const text = await ctx.input({
          prompt: `Expires (${TYPED_EXPIRY_FORM}; in the future, at most 30 days away)`,
          placeholder: utcSeconds(now() + DEFAULT_EXPIRY_MS)
            .slice(0, 16)
            .replace('T', ' '),
          value: s.expiresAtMs === undefined ? '' : utcSeconds(s.expiresAtMs).slice(0, 16).replace('T', ' '),
          validate: (v) => (v.trim() === '' ? undefined : check(v)),
          validateOnAccept: (v) => Promise.resolve(check(v)),
        });
        const typed = typedExpiry(text, now());
        if ('ms' in typed) s.expiresAtMs = typed.ms;
      },
    },
  ];
}
