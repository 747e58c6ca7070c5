import assert from 'node:assert/strict';
import { relativeTime } from '../../src/ui/text/timeText';
import { describe, it } from 'node:test';
import {
  DEFAULT_POLL_DELAYS,
  isActiveReport,
  isTerminalStatus,
  newestFirst,
  noteText,
  notesSummary,
  pollDelay,
  rememberRecent,
  reportDescription,
  reportLabel,
  reportStatus,
  reportTooltipRows,
  settledMessage,
  type TrackedReport,
} from '../../src/features/reports/model/reportTasks';
import type { ReportTask } from '../../src/schema/billing';

const task = (over: Partial<ReportTask> = {}): ReportTask => ({
  uuid: '6b1f0c9e-0004-4a6e-9c1d-000000000004',
  created_at: '2026-04-01T10:00:00.000Z',
  updated_at: '2026-04-01T10:01:00.000Z',
  user_id: 4585,
  client_id: 1,
  task_type: 'Report',
  status: 'Failed',
  processing_notes: {
    worker_group_id: 'wg-6b1f0c9e',
    celery_group_id: null,
    period: '2026-04',
    records_to_process: 2250,
    errors: [{ code: 'render_failed', message: 'Template could not be rendered' }],
    warnings: ['slow source', { detail: 'late data' }],
  },
  parameters: { type: 'ResellerExpenses', date_from: '2026-04-01' },
  ...over,
});

describe('report status', () => {
  it('reads the spec spelling whatever the case or separators', () => {
    assert.equal(reportStatus({ status: 'in_progress' }), 'InProgress');
    assert.equal(reportStatus({ status: 'COMPLETED' }), 'Completed');
    assert.equal(reportStatus({ status: 'Pending' }), 'Pending');
    assert.equal(reportStatus({ status: 'Queued' }), undefined);
    assert.equal(reportStatus({ status: null }), undefined);
  });

  it('polls Pending, InProgress and never-read tasks; not settled or unknown ones', () => {
    assert.equal(isActiveReport(undefined), true);
    assert.equal(isActiveReport({ status: 'Pending' }), true);
    assert.equal(isActiveReport({ status: 'inprogress' }), true);
    for (const s of ['Completed', 'Failed', 'Cancelled', 'Queued', undefined]) assert.equal(isActiveReport({ status: s }), false, String(s));
    assert.equal(isTerminalStatus('Cancelled'), true);
    assert.equal(isTerminalStatus('Pending'), false);
    assert.equal(isTerminalStatus(undefined), false);
  });
});

describe('poll delays', () => {
  it('grow from 2 s to 30 s by default: 2, 4, 8, 16, 30, 30', () => {
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5, 50].map((a) => pollDelay(a)),
      [2000, 4000, 8000, 16000, 30000, 30000, 30000],
    );
    assert.deepEqual(DEFAULT_POLL_DELAYS, { minMs: 2000, maxMs: 30000, factor: 2 });
  });

  it('follow injected delays, never below 1 ms nor above the maximum', () => {
    assert.deepEqual(
      [0, 1, 2, 3].map((a) => pollDelay(a, { minMs: 50, maxMs: 120, factor: 2 })),
      [50, 100, 120, 120],
    );
    assert.equal(pollDelay(0, { minMs: 0, maxMs: 0, factor: 2 }), 1);
    assert.equal(pollDelay(3, { minMs: 10, maxMs: 5, factor: 0.5 }), 10, 'a shrinking factor is treated as 1; max below min is min');
  });
});

describe('task list', () => {
  const t = (uuid: string, addedAt: number, created?: string): TrackedReport => ({
    uuid,
    addedAt,
    snapshot: created ? task({ uuid, created_at: created }) : undefined,
  });

  it('is newest first by the task\u2019s created_at, else by when it was added', () => {
    const order = newestFirst([t('a', 1, '2026-01-01T00:00:00Z'), t('b', 2), t('c', 3, '2026-03-01T00:00:00Z'), t('d', 0, 'not a date')]).map((x) => x.uuid);
    assert.deepEqual(order, ['c', 'a', 'b', 'd']);
  });

  it('labels a task by its template code, else the type parameter, else the task type', () => {
    assert.equal(reportLabel({ uuid: 'u', addedAt: 0, templateCode: 'ResellerPlans', snapshot: task() }), 'ResellerPlans');
    assert.equal(reportLabel({ uuid: 'u', addedAt: 0, snapshot: task() }), 'ResellerExpenses');
    assert.equal(reportLabel({ uuid: 'u', addedAt: 0, snapshot: task({ parameters: {} }) }), 'Report');
    assert.equal(reportLabel({ uuid: 'u', addedAt: 0 }), 'Report');
  });

  it('describes status, period and age, and says when the status may be stale', () => {
    const now = Date.parse('2026-04-01T13:00:00Z');
    assert.equal(reportDescription({ uuid: 'u', addedAt: 0, snapshot: task() }, now), 'Failed · 2026-04 · 3 h ago');
    assert.equal(reportDescription({ uuid: 'u', addedAt: now - 5000 }, now), 'not read yet · just now');
    assert.equal(
      reportDescription({ uuid: 'u', addedAt: 0, snapshot: task({ status: 'Queued' }), problem: 'HTTP 500' }, now),
      'Queued (unknown status) · 2026-04 · 3 h ago · status may be out of date',
    );
  });

  it('words relative times', () => {
    assert.equal(relativeTime(undefined, 0), undefined);
    assert.equal(relativeTime(0, 30_000), 'just now');
    assert.equal(relativeTime(0, 5 * 60_000), '5 min ago');
    assert.equal(relativeTime(0, 26 * 3_600_000), '1 day ago');
    assert.equal(relativeTime(0, 5 * 86_400_000), '5 days ago');
    assert.equal(relativeTime(10_000, 0), 'just now', 'a clock behind the server is not "in the future"');
  });

  it('tooltip: task type, created/updated, user and client ids, worker group, period, records to process', () => {
    const rows = Object.fromEntries(reportTooltipRows({ uuid: 'u-1', addedAt: 0, templateCode: 'X', snapshot: task() }));
    assert.deepEqual(rows, {
      Status: 'Failed',
      'Task type': 'Report',
      Template: 'X',
      Created: '2026-04-01 10:00:00 UTC',
      Updated: '2026-04-01 10:01:00 UTC',
      'User id': '4585',
      'Client id': '1',
      'Worker group': 'wg-6b1f0c9e',
      Period: '2026-04',
      'Records to process': '2250',
      UUID: 'u-1',
    });
    const pending = reportTooltipRows({ uuid: 'u', addedAt: 0, snapshot: task({ processing_notes: { worker_group_id: null, records_to_process: null } }) }).map(
      ([k]) => k,
    );
    assert.ok(!pending.includes('Worker group') && !pending.includes('Records to process'), 'nulls are left out');
  });
});

describe('processing notes', () => {
  it('lists errors and warnings by their message, with counts', () => {
    const s = notesSummary(task());
    assert.deepEqual(s.errors, ['Template could not be rendered (render_failed)']);
    assert.deepEqual(s.warnings, ['slow source', 'late data']);
    assert.equal(s.counts, '1 error, 2 warnings');
    assert.equal(notesSummary(task({ processing_notes: null })).counts, 'no errors or warnings');
    assert.equal(noteText({ line: 3 }), '{"line":3}');
    assert.equal(noteText(42), '42');
  });
});

describe('settled notification', () => {
  it('says completed, failed with the first error, or cancelled', () => {
    const base = { uuid: '6b1f0c9e-0001-4a6e-9c1d-000000000001', addedAt: 0, templateCode: 'R' };
    assert.deepEqual(settledMessage({ ...base, snapshot: task({ status: 'Completed' }) }, 'sim'), {
      severity: 'info',
      message: 'Report R (6b1f0c9e) completed on sim.',
    });
    assert.deepEqual(settledMessage({ ...base, snapshot: task() }, 'sim'), {
      severity: 'error',
      message: 'Report R (6b1f0c9e) failed on sim: Template could not be rendered (render_failed)',
    });
    assert.deepEqual(settledMessage({ ...base, snapshot: task({ processing_notes: null }) }, 'sim'), {
      severity: 'error',
      message: 'Report R (6b1f0c9e) failed on sim.',
    });
    assert.equal(settledMessage({ ...base, snapshot: task({ status: 'Cancelled' }) }, 'sim').severity, 'warning');
  });
});

describe('recent template codes', () => {
  it('keeps the most recent first, without duplicates, at most 8', () => {
    let list: string[] = [];
    for (const code of ['a', 'b', 'a', ' c ', '', 'd', 'e', 'f', 'g', 'h', 'i']) list = rememberRecent(list, code);
    assert.deepEqual(list, ['i', 'h', 'g', 'f', 'e', 'd', 'c', 'a']);
  });
});
