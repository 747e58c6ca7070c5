// The DDoS Attacks view's commands: Filter Attacks… (time range, alert type or targeted address,
// each checked as typed), Clear Filters, and on a row Copy Targeted Address and Show Attack
// Details (a read-only Markdown document with the event's JSON one click away).
import * as vscode from 'vscode';
import type { AlertType } from '../../schema/ddosEvents';
import type { FeatureContext } from '../../ui/featureContext';
import { escapeMarkdown } from '../../ui/text/markdownText';
import { runWizard } from '../../ui/wizard';
import {
  ALERT_TYPE_CHOICES,
  LAST_RANGES,
  TIME_FORMAT_HINT,
  addressProblem,
  parseAddresses,
  parseTypedTime,
  rangeText,
  typedTimeProblem,
  type AttackFilters,
  type LastHours,
} from './model/attackFilters';
import { alertTypeText, attackFacts, rowLabel } from './model/attackRows';
import { AttackNode, type AttacksTree } from './attacksTree';

type Deps = Pick<FeatureContext, 'ui' | 'documents' | 'connections' | 'log'> & { tree: AttacksTree };

type Which = 'time' | 'type' | 'address';
interface FilterState {
  which?: Which;
  last?: LastHours | 'custom';
  fromText?: string;
  toText?: string;
  alertType?: AlertType | 'any';
  addressText?: string;
}

/** Filter Attacks…: one filter changed, the others kept; the view reads its first page again. */
export async function filterAttacks(deps: Deps): Promise<void> {
  const current = deps.tree.filters;
  const done = await runWizard<FilterState>(
    {},
    {
      title: 'Filter DDoS Attacks',
      ui: deps.ui(),
      steps: [
        {
          prompt: async (s, ctx) => {
            s.which = await ctx.pick<Which>({
              placeholder: 'Filter the attacks by (the platform applies it)',
              items: [
                { label: 'Time range', description: rangeText(current.range), value: 'time' },
                { label: 'Alert type', description: current.alertType ? alertTypeText(current.alertType) : 'any', value: 'type' },
                { label: 'Targeted address', description: current.addresses?.join(', ') ?? 'any', value: 'address' },
              ],
            });
          },
        },
        {
          shouldPrompt: (s) => s.which === 'time',
          prompt: async (s, ctx) => {
            s.last = await ctx.pick<LastHours | 'custom'>({
              placeholder: 'Attacks during',
              items: [
                ...LAST_RANGES.map((r) => ({ label: r.label, value: r.hours })),
                { label: 'Custom range…', description: 'from and to, typed', value: 'custom' as const },
              ],
              activeValue: current.range.kind === 'last' ? current.range.hours : 'custom',
            });
          },
        },
        {
          shouldPrompt: (s) => s.which === 'time' && s.last === 'custom',
          prompt: async (s, ctx) => {
            s.fromText = await ctx.input({
              prompt: `From: ${TIME_FORMAT_HINT}`,
              placeholder: '2026-11-20 14:30',
              value: s.fromText,
              validate: (v) => typedTimeProblem(v, 'from', Date.now()),
            });
          },
        },
        {
          shouldPrompt: (s) => s.which === 'time' && s.last === 'custom',
          prompt: async (s, ctx) => {
            const fromMs = parseTypedTime(s.fromText ?? '', 'from');
            s.toText = await ctx.input({
              prompt: `To: ${TIME_FORMAT_HINT} (a date alone: to the end of that day)`,
              placeholder: 'now',
              value: s.toText,
              validate: (v) => (v.trim() === '' ? undefined : typedTimeProblem(v, 'to', Date.now(), fromMs)),
            });
          },
        },
        {
          shouldPrompt: (s) => s.which === 'type',
          prompt: async (s, ctx) => {
            s.alertType = await ctx.pick<AlertType | 'any'>({
              placeholder: 'Alert type',
              items: ALERT_TYPE_CHOICES.map((c) => ({ label: c.label, description: c.value, value: c.value ?? 'any' })),
              activeValue: current.alertType ?? 'any',
            });
          },
        },
        {
          shouldPrompt: (s) => s.which === 'address',
          prompt: async (s, ctx) => {
            s.addressText = await ctx.input({
              prompt: 'Targeted IP address, or several separated by commas (empty: any address)',
              placeholder: '203.0.113.7, 2001:db8::1',
              value: s.addressText ?? current.addresses?.join(', ') ?? '',
              validate: addressProblem,
            });
          },
        },
      ],
    },
  );
  if (!done) return;
  const next: AttackFilters = { ...current };
  if (done.which === 'time') {
    if (done.last === 'custom') {
      const fromMs = parseTypedTime(done.fromText!, 'from')!;
      const toMs = done.toText?.trim() ? parseTypedTime(done.toText, 'to')! : Date.now();
      next.range = { kind: 'custom', fromMs, toMs };
    } else next.range = { kind: 'last', hours: done.last as LastHours };
  } else if (done.which === 'type') next.alertType = done.alertType === 'any' ? undefined : done.alertType;
  else next.addresses = parseAddresses(done.addressText ?? '');
  if (!next.alertType) delete next.alertType;
  if (!next.addresses) delete next.addresses;
  await deps.tree.setFilters(next);
}

export async function copyAttackAddress(deps: Deps, arg: unknown): Promise<void> {
  if (!(arg instanceof AttackNode) || !arg.row.targets) return;
  await vscode.env.clipboard.writeText(arg.row.targets);
  void deps.ui().notify('info', `Copied ${arg.row.targets}.`);
}

/** The event's facts as Markdown (every platform value escaped) and its JSON as the platform sent it. */
export async function showAttackDetails(deps: Deps, arg: unknown): Promise<vscode.Uri | undefined> {
  if (!(arg instanceof AttackNode)) return undefined;
  const { row } = arg;
  const connectionName = deps.connections.active?.name ?? 'platform';
  const facts = attackFacts(row, Date.now());
  const markdown = [
    `# DDoS attack on ${escapeMarkdown(rowLabel(row))}`,
    '',
    '| | |',
    '|---|---|',
    ...facts.map(([label, value]) => `| ${label} | ${escapeMarkdown(value).replace(/\|/g, '\\|')} |`),
    '',
    row.end.kind === 'unknown' ? "_The platform's published event has no end time; this server did not send one._" : '',
  ].join('\n');
  return deps.documents.show({ name: `DDoS attack ${row.id.slice(0, 8)}`, connectionName, markdown, json: `${JSON.stringify(row.event, null, 2)}\n` });
}
