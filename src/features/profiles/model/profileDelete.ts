// What Delete Protection Profile's typed confirmation says will happen: the networks the profile
// protects named (the platform refuses to delete a profile that still protects any: 409).
import type { ProtectionProfile } from '../../../schema/security';

/** Networks named up to this many; the rest counted. */
const NAMED_NETWORKS = 5;

export function deleteConsequence(profile: Pick<ProtectionProfile, 'networks'>): string {
  const networks = profile.networks ?? [];
  if (networks.length === 0) return 'will be deleted; it protects no network';
  const named = networks.slice(0, NAMED_NETWORKS).join(', ');
  const more = networks.length > NAMED_NETWORKS ? ` and ${networks.length - NAMED_NETWORKS} more` : '';
  const count = networks.length === 1 ? '1 network' : `${networks.length} networks`;
  return `will be deleted; it protects ${count} (${named}${more}), and the platform refuses to delete a profile while it protects networks`;
}
