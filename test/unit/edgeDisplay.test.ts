import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  appLimitLine,
  consumptionRows,
  debugWindow,
  describeValue,
  edgeAppStatus,
  edgeClientStatus,
  formatCount,
  formatLocalTime,
  paramSummary,
  parsePlatformTime,
  templatePreviewFileName,
  templatePreviewMarkdown,
} from '../../src/features/edge/model/edgeDisplay';

describe('edge display', () => {
  it('app statuses: 0 draft, 1 enabled, 2 disabled, 5 suspended; others "status N"', () => {
    assert.deepEqual(
      [0, 1, 2, 5].map((s) => edgeAppStatus(s).label),
      ['draft', 'enabled', 'disabled', 'suspended'],
    );
    assert.ok([0, 1, 2, 5].every((s) => edgeAppStatus(s).known));
    assert.deepEqual(edgeAppStatus(3), { label: 'status 3', icon: 'question', known: false });
    assert.equal(edgeAppStatus(4).label, 'status 4');
    assert.equal(edgeAppStatus(-7).label, 'status -7');
    assert.equal(edgeAppStatus(undefined).label, 'status unknown');
    assert.equal(edgeAppStatus(null).known, false);
    assert.equal(new Set([0, 1, 2, 5, 3].map((s) => edgeAppStatus(s).icon)).size, 5, 'each status has its own icon');
  });

  it('client statuses: 1 enabled, 2 disabled, 5 suspended; 0 and 3 are "status N"', () => {
    assert.deepEqual(
      [1, 2, 5].map((s) => edgeClientStatus(s).label),
      ['enabled', 'disabled', 'suspended'],
    );
    assert.equal(edgeClientStatus(0).label, 'status 0', 'draft is an app status, not a client one');
    assert.equal(edgeClientStatus(3).label, 'status 3');
    assert.equal(edgeClientStatus(1).icon, edgeAppStatus(1).icon);
  });

  it('consumption: hour, UTC day and UTC calendar month, with when each began', () => {
    const now = new Date(Date.UTC(2026, 0, 31, 23, 45));
    const rows = consumptionRows({ hourly_consumption: 1284, daily_consumption: 1, monthly_consumption: 815402 }, now);
    assert.deepEqual(
      rows.map((r) => [r.label, r.description]),
      [
        ['This hour', '1,284 calls'],
        ['Today (UTC day)', '1 call'],
        ['This month (UTC calendar month)', '815,402 calls'],
      ],
    );
    assert.match(rows[0]!.tooltip, /since 23:00 UTC/);
    assert.match(rows[1]!.tooltip, /since 2026-01-31 00:00 UTC/);
    assert.match(rows[2]!.tooltip, /January 2026, since 2026-01-01 00:00 UTC/);
    assert.equal(consumptionRows({ hourly_consumption: null }, now)[0]!.description, 'not reported');
    // No call limit is published on the client: said, never made up.
    assert.match(rows[0]!.tooltip, /publishes no call limit on the client: .+status 3 \(hourly call limit exceeded\) or 4 \(daily call limit exceeded\)/);
    assert.match(rows[1]!.tooltip, /publishes no call limit/);
    assert.equal(formatCount(0), '0');
    assert.equal(formatCount(undefined), '—');
  });

  it('the app limit against the apps there are, when the account lists them; the limit alone otherwise', () => {
    assert.deepEqual(appLimitLine(20, 3), {
      description: '3 of 20 apps',
      tooltip: "The number of apps this client is allowed to have (app_count): 20; the account's apps list counts 3 apps.",
    });
    assert.equal(appLimitLine(2, 2).description, '2 of 2 apps · limit reached');
    assert.match(appLimitLine(2, 2).tooltip, /a new app is refused until one is deleted/);
    assert.deepEqual(appLimitLine(1), { description: '1 app', tooltip: 'The number of apps this client is allowed to have (app_count), not how many it has.' });
    assert.equal(appLimitLine(null, 4).description, '— apps', 'no limit given: nothing to count against');
  });

  it('debug_until: local time, "debugging until" only in the future; zoneless read as UTC', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const future = debugWindow('2026-03-04T12:00:00Z', now)!;
    assert.equal(future.active, true);
    assert.equal(future.text, `debugging until ${formatLocalTime(new Date('2026-03-04T12:00:00Z'))}`);
    const past = debugWindow('2026-02-19T12:00:00Z', now)!;
    assert.equal(past.active, false);
    assert.match(past.text, /^debugging ended 2026-02-1\d \d\d:00$/);
    assert.equal(debugWindow(null, now), undefined);
    assert.equal(debugWindow('', now), undefined);
    assert.deepEqual(debugWindow('soon', now), { active: false, text: 'soon' });
    assert.equal(parsePlatformTime('2026-03-04T12:00:00')?.toISOString(), '2026-03-04T12:00:00.000Z');
    assert.equal(parsePlatformTime('2026-03-04T12:00:00+02:00')?.toISOString(), '2026-03-04T10:00:00.000Z');
    assert.equal(parsePlatformTime('2026-03-04T12:00:00.5Z')?.toISOString(), '2026-03-04T12:00:00.500Z');
    assert.equal(parsePlatformTime('yesterday'), undefined);
  });

  it('values of unknown shape are shown as given, in one line', () => {
    assert.equal(describeValue({ id: 636, name: 'upstream-token' }), 'id 636 · name upstream-token');
    assert.equal(describeValue({ nested: { a: 1 } }), 'nested {"a":1}');
    assert.equal(describeValue('plain'), 'plain');
    assert.equal(describeValue(7), '7');
    assert.equal(describeValue([1, 2]), '[1,2]');
    assert.equal(describeValue({}), '(empty)');
    assert.equal(describeValue(null), 'null');
    assert.equal(describeValue('x'.repeat(300)).length, 200);
  });

  it('template params and preview', () => {
    assert.equal(paramSummary({ data_type: 'number', mandatory: true }), 'number · mandatory');
    assert.equal(paramSummary({ data_type: 'bool', mandatory: false }), 'bool · optional');
    assert.equal(paramSummary({}), 'type not given · mandatory not given');
    assert.equal(templatePreviewMarkdown({ name: 'X', long_descr: '# X\n\nBody' }, 1), '# X\n\nBody\n');
    assert.equal(
      templatePreviewMarkdown({ name: 'Geo', short_descr: 'Redirects', long_descr: '  ' }, 3),
      '# Geo\n\nRedirects\n\n_This template has no long description._\n',
    );
    assert.match(templatePreviewMarkdown({}, 9), /^# Template 9\n/);
    assert.equal(templatePreviewFileName({ name: 'Image Resizer' }, 302), 'Image Resizer.md');
    assert.equal(templatePreviewFileName({ name: '../../etc' }, 5), 'etc.md');
    assert.equal(templatePreviewFileName({ name: '' }, 5), 'Template 5.md');
  });
});
