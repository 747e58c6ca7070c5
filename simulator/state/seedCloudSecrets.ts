// Secrets already in the account (besides those created through tasks): in project 1, Luxembourg-2
// one certificate of each expiry state the Cloud view marks (expired, within 30 days, later) and a
// passphrase that never expires; one in project 2. Dates are relative to the seed time.
export interface CloudSecret {
  id: string;
  projectId: number;
  regionId: number;
  name: string;
  secret_type: 'certificate' | 'opaque' | 'passphrase' | 'private' | 'public' | 'symmetric';
  status: string;
  created: string;
  expiration: string | null;
  algorithm: string | null;
  bit_length: number | null;
  mode: string | null;
  content_types: Record<string, string> | null;
}

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19);

export function seedCloudSecrets(referenceMs: number, extra = 0): CloudSecret[] {
  const secret = (
    id: string,
    projectId: number,
    regionId: number,
    name: string,
    type: CloudSecret['secret_type'],
    createdDays: number,
    expiresDays: number | null,
  ): CloudSecret => ({
    id,
    projectId,
    regionId,
    name,
    secret_type: type,
    status: 'ACTIVE',
    created: iso(referenceMs - createdDays * DAY_MS),
    expiration: expiresDays === null ? null : iso(referenceMs + expiresDays * DAY_MS),
    algorithm: type === 'certificate' ? 'RSA' : null,
    bit_length: type === 'certificate' ? 2048 : null,
    mode: null,
    content_types: { default: type === 'passphrase' ? 'text/plain' : 'application/octet-stream' },
  });
  const more = Array.from({ length: extra }, (_, i) => {
    const n = String(i + 1).padStart(6, '0');
    return secret(
      `7c000000-0000-4000-8000-${n.padStart(12, '0')}`,
      3,
      1,
      `sandbox-secret-${n}`,
      i % 3 === 0 ? 'certificate' : 'opaque',
      i % 400,
      i % 3 === 0 ? (i % 500) - 20 : null,
    );
  });
  return [
    ...more,
    secret('5b3a4f2e-0c1d-4e8f-9a7b-1c2d3e4f5a01', 1, 1, 'shop-tls-2026', 'certificate', 120, 245),
    secret('5b3a4f2e-0c1d-4e8f-9a7b-1c2d3e4f5a02', 1, 1, 'api-gateway-cert', 'certificate', 350, 12),
    secret('5b3a4f2e-0c1d-4e8f-9a7b-1c2d3e4f5a03', 1, 1, 'legacy-portal-cert', 'certificate', 400, -3),
    secret('5b3a4f2e-0c1d-4e8f-9a7b-1c2d3e4f5a04', 1, 1, 'backup-passphrase', 'passphrase', 30, null),
    secret('5b3a4f2e-0c1d-4e8f-9a7b-1c2d3e4f5a05', 2, 1, 'team-b-webhook-cert', 'certificate', 60, 300),
  ];
}
