// The audit trail's records (#56 item 6): the connection log's line (platform text escaped and
// quoted, one line), the file's JSON line and what is not one, the session's bounded memory, the
// Show Agent Activity table, how the editor reads what an MCP server appended (whole lines, from
// where it stopped, a rewritten file from its start, never more than the bound) and how a send's
// statuses and errors become a result.
import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import {
  AgentActivity,
  EDITOR_CHAT,
  FIELD_MAX,
  activityLogLine,
  agentWriteRecord,
  parseRecordLine,
  recordLine,
  type AgentWrite,
} from '../../src/features/agent/model/agentActivity';
import { NO_ACTIVITY, activityDocument } from '../../src/features/agent/model/agentActivityTable';
import { newestLines, readAuditLines } from '../../src/features/agent/model/agentAuditFile';
import { failed, succeeded } from '../../src/features/agent/model/writeAudit';
import { witnessRequests, tellWitness } from '../../src/platform/requestWitness';
import { PlatformError } from '../../src/schema/errors';
import type { RequestLogEntry } from '../../src/platform/httpOptions';

const WRITE: AgentWrite = {
  tool: 'delete_report_task',
  connection: 'prod',
  target: 'Delete report task ResellerExpenses',
  result: { kind: 'succeeded', status: 204 },
};
const AT = new Date('2026-11-29T09:30:12.345Z');
const entry = (method: RequestLogEntry['method'], status?: number): RequestLogEntry => ({ method, path: '/x', status, ms: 1, retries: 0, outcome: 'ok' });

describe('agent activity records', () => {
  it('the log line: connection, tool, target quoted, agent, token quoted, result; one line whatever the platform wrote', () => {
    const chat = agentWriteRecord(WRITE, { agent: EDITOR_CHAT }, AT, 'r1');
    assert.equal(activityLogLine(chat), '[prod] agent write: delete_report_task on "Delete report task ResellerExpenses" by editor chat: succeeded (HTTP 204)');
    const hostile = agentWriteRecord(
      { ...WRITE, connection: 'prod\n[fake] x', target: 'Delete "a"\nagent write: \u202eevil', result: { kind: 'failed', status: 409, reason: 'conflict' } },
      { agent: 'Copilot', token: 'agent "8h"' },
      AT,
      'r2',
    );
    const line = activityLogLine(hostile);
    assert.equal(line.split('\n').length, 1, 'one line');
    assert.equal(
      line,
      '[prod\\n[fake] x] agent write: delete_report_task on "Delete \\"a\\"\\nagent write: \\u202eevil" ' +
        'by Copilot with token "agent \\"8h\\"": failed (HTTP 409): conflict',
    );
    assert.match(
      activityLogLine({ ...chat, result: { kind: 'declined', reason: 'not confirmed when asked' } }),
      /: declined by the person: not confirmed when asked$/,
    );
    assert.match(activityLogLine({ ...chat, result: { kind: 'refused', reason: 'writes are off' } }), /: refused by Platform Console: writes are off$/);
  });

  it('a record bounds its text fields; its file line parses back to it; a line that is not a record is not one', () => {
    const long = agentWriteRecord({ ...WRITE, target: 't'.repeat(5000) }, { agent: 'a'.repeat(5000), token: 'k' }, AT, 'r3');
    assert.equal(long.target.length, FIELD_MAX);
    assert.equal(long.agent.length, FIELD_MAX);
    assert.equal(long.time, '2026-11-29T09:30:12.345Z');
    assert.deepEqual(parseRecordLine(recordLine(long)), long);
    const bad = [
      '',
      'not json',
      '[]',
      '{"id":"x"}',
      JSON.stringify({ ...long, time: 'yesterday' }),
      JSON.stringify({ ...long, result: { kind: 'deleted everything' } }),
      JSON.stringify({ ...long, result: { kind: 'succeeded', status: 1e6 } }),
      JSON.stringify({ ...long, token: 7 }),
    ];
    for (const line of bad) assert.equal(parseRecordLine(line), undefined, line);
  });

  it("the session's memory: newest first, a record seen twice kept once, the first kept dropped first past the bound", () => {
    const activity = new AgentActivity(3);
    const at = (s: number, id: string) => agentWriteRecord(WRITE, { agent: EDITOR_CHAT }, new Date(AT.getTime() + s * 1000), id);
    assert.equal(activity.add(at(2, 'b')), true);
    assert.equal(activity.add(at(1, 'a')), true);
    assert.equal(activity.add(at(2, 'b')), false, 'the same record again');
    activity.add(at(3, 'c'));
    activity.add(at(4, 'd'));
    assert.deepEqual(
      activity.newestFirst().map((r) => r.id),
      ['d', 'c', 'a'],
    );
  });

  it('the document: a plain-text table newest first (time, agent, token, connection, tool, target, result); empty: how to turn writes on', () => {
    assert.match(activityDocument([]), /No agent wrote anything in this session/);
    assert.ok(activityDocument([]).includes(NO_ACTIVITY));
    assert.match(NO_ACTIVITY, /platformConsole\.agent\.allowWrites[\s\S]*--allow-writes/);
    const rows = [
      agentWriteRecord({ ...WRITE, target: '# <b>bold</b>\nnext' }, { agent: 'Copilot', token: 'agent-8h' }, AT, 'x'),
      agentWriteRecord({ ...WRITE, result: { kind: 'refused', reason: 'writes are off' } }, { agent: EDITOR_CHAT }, AT, 'y'),
    ];
    const doc = activityDocument(rows, 2);
    const lines = doc.split('\n');
    assert.match(lines[3]!, /^Time \(UTC\)\s+Agent\s+Token\s+Connection\s+Tool\s+Target\s+Result$/);
    assert.match(lines[5]!, /^2026-11-29 09:30:12\s+Copilot\s+agent-8h\s+prod\s+delete_report_task\s+# <b>bold<\/b>\\nnext\s+succeeded \(HTTP 204\)$/);
    assert.match(lines[6]!, /editor chat\s+\(none\)\s+prod[\s\S]*refused by Platform Console: writes are off$/);
    assert.match(doc, /2 line\(s\) of the MCP audit file were not records/);
  });
});

describe('reading an audit file as it grows', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pc-audit-read-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('whole lines from where it stopped; a partial line waits; a rewritten file is read from its start', async () => {
    const file = path.join(dir, 'a.jsonl');
    assert.deepEqual(await readAuditLines(file, undefined), { lines: [], cursor: undefined }, 'no file yet');
    writeFileSync(file, 'one\ntwo\nthr');
    const first = await readAuditLines(file, undefined);
    assert.deepEqual(first.lines, ['one', 'two']);
    appendFileSync(file, 'ee\nfour\n');
    const second = await readAuditLines(file, first.cursor);
    assert.deepEqual(second.lines, ['three', 'four']);
    assert.deepEqual((await readAuditLines(file, second.cursor)).lines, [], 'nothing new');
    // The bound's rewrite: another file renamed into place, shorter or not.
    writeFileSync(`${file}.tmp`, 'four\nfive\nsix and more than before\n');
    renameSync(`${file}.tmp`, file);
    assert.deepEqual((await readAuditLines(file, second.cursor)).lines, ['four', 'five', 'six and more than before']);
  });

  it('never more than the bound: the newest whole lines', async () => {
    const file = path.join(dir, 'b.jsonl');
    writeFileSync(file, 'aaaaaaaaa\nbbbbbbbbb\nccccccccc\n');
    assert.deepEqual((await readAuditLines(file, undefined, 15)).lines, ['ccccccccc']);
    assert.deepEqual((await readAuditLines(file, undefined, 20)).lines, ['bbbbbbbbb', 'ccccccccc'], 'a cut just after a newline keeps that line');
    // A line longer than the bound is never waited for: the reader moves past it (records are short), its tail too.
    const long = path.join(dir, 'c.jsonl');
    writeFileSync(long, 'x'.repeat(40));
    const past = await readAuditLines(long, undefined, 15);
    assert.deepEqual(past, { lines: [], cursor: { ino: past.cursor!.ino, offset: 40 } });
    appendFileSync(long, 'yy\nzz\n');
    assert.deepEqual((await readAuditLines(long, past.cursor, 15)).lines, ['zz'], "the long line's tail goes with it");
    assert.deepEqual(newestLines(Buffer.from('aa\nbb\ncc\n'), 4).toString(), 'cc\n');
    assert.deepEqual(newestLines(Buffer.from('aa\nbb\ncc\n'), 6).toString(), 'bb\ncc\n');
  });
});

describe("a send's result", () => {
  it('succeeded with the status of its last write request; a refusal before sending; a failure with its status', () => {
    assert.deepEqual(succeeded([entry('GET', 200), entry('POST', 201), entry('PUT', 200), entry('GET', 200)]), { kind: 'succeeded', status: 200 });
    assert.deepEqual(succeeded([]), { kind: 'succeeded' });
    const rule = new PlatformError({ kind: 'validation', message: 'bad', issues: [{ path: 'name', message: 'must be at most 100 characters' }] });
    assert.deepEqual(failed(rule, []), { kind: 'refused', reason: 'the request broke a rule (name: must be at most 100 characters); nothing was sent' });
    const conflict = new PlatformError({ kind: 'conflict', status: 409, message: 'the platform says <b>no</b>' });
    assert.deepEqual(failed(conflict, [entry('DELETE', 409)]), { kind: 'failed', status: 409, reason: 'conflict' });
    assert.deepEqual(failed(new PlatformError({ kind: 'network', message: 'x' }), [entry('POST')]), {
      kind: 'failed',
      reason: 'network error; nothing was sent',
    });
  });

  it("the witness hears only its own work's requests, however they interleave", async () => {
    const a: RequestLogEntry[] = [];
    const b: RequestLogEntry[] = [];
    const tick = () => new Promise((r) => setTimeout(r, 1));
    await Promise.all([
      witnessRequests(
        (e) => a.push(e),
        async () => {
          await tick();
          tellWitness(entry('POST', 201));
          await tick();
          tellWitness(entry('PUT', 200));
        },
      ),
      witnessRequests(
        (e) => b.push(e),
        async () => {
          tellWitness(entry('DELETE', 204));
          await tick();
        },
      ),
    ]);
    tellWitness(entry('PATCH', 200));
    assert.deepEqual(
      a.map((e) => e.status),
      [201, 200],
    );
    assert.deepEqual(
      b.map((e) => e.status),
      [204],
    );
  });
});
