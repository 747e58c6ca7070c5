// What a trial and an activated free feature look like as quick pick items (what disabling a
// feature is told before it is sent is the catalog operation's: src/operations/removals.ts).
// Plain text (the feature adds the values): tested in Node.
import type { TrialItem } from '../../../schema/billingLists';
import type { ActivatedFeatureItem } from '../../../schema/iamLists';
import { formatUtc, relativeTime, timeOf } from '../../../ui/text/timeText';
import { durationWords, trialPhase } from './trialDocuments';

export interface PickText {
  label: string;
  description?: string;
  detail?: string;
}

/** "active, 3 days 4 hours left", "not started", "ended", "not started or ended". */
export function trialState(trial: Pick<TrialItem, 'remaining_duration' | 'active_ranges'>, now: number): string {
  const phase = trialPhase(trial.remaining_duration, trial.active_ranges, now);
  if (phase === 'running') {
    const seconds = trial.remaining_duration as number;
    return seconds <= 0 ? 'active, ending now' : `active, ${durationWords(seconds)} left`;
  }
  return phase === 'not started / ended' ? 'not started or ended' : phase;
}

const STATE_ICON: Record<string, string> = { active: '$(pass)', 'not started': '$(clock)', ended: '$(circle-slash)' };

const clientText = (company: string | null | undefined, id: number | null | undefined) =>
  company ? (typeof id === 'number' ? `${company} (client ${id})` : company) : typeof id === 'number' ? `client ${id}` : 'client not stated';

/** Product and client in the label, plan and state beside them, the ids and creation time below. */
export function trialPickText(trial: TrialItem, now: number): PickText {
  const state = trialState(trial, now);
  const icon = STATE_ICON[state.split(',')[0]!] ?? '$(question)';
  const product = trial.product?.name ?? trial.product?.internal_name ?? (typeof trial.product?.id === 'number' ? `product ${trial.product.id}` : 'Trial');
  const client = clientText(trial.client?.company_name, trial.client?.id ?? trial.client_id);
  const created = formatUtc(trial.created_at);
  return {
    label: `${icon} ${product} for ${client}`,
    description: [trial.plan?.name ? `plan ${trial.plan.name}` : undefined, state].filter(Boolean).join(' · '),
    detail: [`trial ${trial.id}`, created ? `created ${created}` : undefined].filter(Boolean).join(' · '),
  };
}

const featureName = (f: ActivatedFeatureItem) =>
  f.feature?.name ?? (typeof (f.feature?.id ?? f.feature_id) === 'number' ? `feature ${f.feature?.id ?? f.feature_id}` : `activated feature ${f.id}`);

/** Feature name, its service and client, when it was activated. */
export function freeFeaturePickText(feature: ActivatedFeatureItem, now: number): PickText {
  const activated = formatUtc(feature.created_date);
  const ago = relativeTime(timeOf(feature.created_date), now);
  return {
    label: featureName(feature),
    description: [feature.feature?.service ?? 'service not stated', typeof feature.client_id === 'number' ? `client ${feature.client_id}` : undefined]
      .filter(Boolean)
      .join(' · '),
    detail: [activated ? `activated ${activated}${ago ? ` (${ago})` : ''}` : undefined, `activation ${feature.id}`].filter(Boolean).join(' · '),
  };
}
