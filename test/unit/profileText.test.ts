// How a profile reads in the tree: description, tooltip, local times, network families.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  fieldLabel,
  formatLocalTime,
  networkFamily,
  profileDescription,
  profileJson,
  profileLabel,
  profileTooltip,
} from '../../src/features/profiles/model/profileText';
import { escapeMarkdown } from '../../src/ui/text/markdownText';
import type { ProtectionProfile } from '../../src/schema/security';

const profile: ProtectionProfile = {
  id: 10,
  client_id: 3,
  name: 'Web *Server* Protection',
  template: { id: 1, name: 'DDoS Protection Standard' },
  created_at: '2025-06-15T10:30:00Z',
  modified_at: null,
  networks: ['192.168.1.0/24', '2a03:90c0:1::/48'],
  fields: [{ template_field_id: 5, value: '100' }],
};

function localParts(iso: string) {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

describe('profile text', () => {
  it('description: template name and owner; common profiles say so', () => {
    assert.equal(profileDescription(profile), 'DDoS Protection Standard · client 3');
    assert.equal(profileDescription({ ...profile, client_id: null }), 'DDoS Protection Standard · common');
    assert.equal(profileDescription({ ...profile, template: undefined, client_id: undefined }), 'no template · client unknown');
    assert.equal(profileLabel({ ...profile, name: '' }), 'Profile 10');
  });

  it('network families from the CIDR text', () => {
    assert.equal(networkFamily('10.0.0.0/16'), 'IPv4');
    assert.equal(networkFamily('1.2.3.4'), 'IPv4');
    assert.equal(networkFamily('2a03:90c0::/48'), 'IPv6');
    assert.equal(networkFamily('::1/128'), 'IPv6');
    assert.equal(networkFamily('300.1.1.1/8'), 'unknown');
    assert.equal(networkFamily('example'), 'unknown');
  });

  it('times in the local zone with the offset; zone-less text read as UTC; not a date kept as is', () => {
    const text = formatLocalTime('2025-06-15T10:30:00Z');
    assert.ok(text.startsWith(localParts('2025-06-15T10:30:00Z')), text);
    assert.match(text, /\(UTC[+-]\d{2}:\d{2}\)$/);
    assert.equal(formatLocalTime('2025-06-15T10:30:00'), text);
    assert.equal(formatLocalTime('2025-06-15T12:30:00+02:00'), text);
    assert.equal(formatLocalTime('soon'), 'soon');
    assert.equal(formatLocalTime(null), '—');
  });

  it('tooltip: id, client, template, created, modified, networks; the name escaped', () => {
    const tip = profileTooltip(profile);
    assert.ok(tip.startsWith('**Web \\*Server\\* Protection**'), tip);
    assert.match(tip, /\| ID \| 10 \|/);
    assert.match(tip, /\| Client \| 3 \|/);
    assert.match(tip, /\| Template \| DDoS Protection Standard \(id 1\) \|/);
    assert.ok(tip.includes(`| Created | ${formatLocalTime(profile.created_at)} |`));
    assert.match(tip, /\| Modified \| never \|/);
    assert.match(tip, /\| Networks \| `192\.168\.1\.0\/24` IPv4, `2a03:90c0:1::\/48` IPv6 \|/);
    assert.match(profileTooltip({ ...profile, client_id: null, networks: [] }), /\| Client \| common .*\|[\s\S]*\| Networks \| none \|/);
    const many = profileTooltip({ ...profile, networks: Array.from({ length: 13 }, (_, i) => `10.0.${i}.0/24`) });
    assert.match(many, /and 3 more \|$/);
  });

  it('escapes every Markdown character, so a name cannot become a link or a table cell', () => {
    assert.equal(escapeMarkdown('[x](http://a) | *b*'), '\\[x\\]\\(http://a\\) \\| \\*b\\*');
  });

  it('field labels and JSON', () => {
    assert.equal(fieldLabel({ template_field_id: 5, value: '100' }), '5 = 100');
    assert.equal(fieldLabel({ template_field_id: 6, value: 7 }), '6 = 7');
    assert.deepEqual(JSON.parse(profileJson(profile)), profile);
  });
});
