// Date formats are made once per locale, options and zone, and no more than DATE_FORMATS_KEPT are kept.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DATE_FORMATS_KEPT, dateFormat } from '../../src/ui/text/dateFormats';
import { localTime } from '../../src/features/attacks/model/attackRows';
import { formatInZone } from '../../src/ui/text/scheduleText';

describe('dateFormat', () => {
  it('hands back the same format for the same locale, options and zone, and another for another zone', () => {
    const berlin = dateFormat('en-US', { timeZone: 'Europe/Berlin', hour: '2-digit' });
    assert.equal(dateFormat('en-US', { timeZone: 'Europe/Berlin', hour: '2-digit' }), berlin);
    const tokyo = dateFormat('en-US', { timeZone: 'Asia/Tokyo', hour: '2-digit' });
    assert.notEqual(tokyo, berlin);
    assert.equal(tokyo.resolvedOptions().timeZone, 'Asia/Tokyo');
    assert.notEqual(dateFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit' }), berlin);
  });

  it('keeps at most DATE_FORMATS_KEPT: the oldest made is made again when asked after', () => {
    const first = dateFormat('en-US', { timeZone: 'UTC', minute: '2-digit' });
    const zones = Intl.supportedValuesOf('timeZone')
      .filter((z) => z !== 'UTC')
      .slice(0, DATE_FORMATS_KEPT);
    assert.equal(zones.length, DATE_FORMATS_KEPT);
    const last = zones.map((timeZone) => dateFormat('en-US', { timeZone, minute: '2-digit' })).at(-1);
    assert.equal(dateFormat('en-US', { timeZone: zones.at(-1), minute: '2-digit' }), last);
    assert.notEqual(dateFormat('en-US', { timeZone: 'UTC', minute: '2-digit' }), first);
  });

  it('throws for an unknown zone, as the constructor does, and keeps nothing for it', () => {
    assert.throws(() => dateFormat('en-US', { timeZone: 'Mars/Olympus' }), RangeError);
    assert.throws(() => dateFormat('en-US', { timeZone: 'Mars/Olympus' }), RangeError);
  });

  it('leaves the words of the rows as they were', () => {
    assert.equal(localTime(Date.parse('2026-11-20T00:00:00Z'), 'America/New_York'), '2026-11-19 19:00 EST');
    assert.equal(formatInZone(new Date('2026-03-30T00:30:00Z'), 'Europe/Berlin'), 'Mon 2026-03-30 02:30 CEST');
  });
});
