import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { startSimulator, type Simulator } from '../../simulator/index';
import { CSV_200MB_ROWS, SEEDED_REPORTS, SEEDED_RESULT_REPORTS } from '../../simulator/state/seedBilling';
import { XLSX_MAX_ROWS } from '../../simulator/xlsxStream';

const KEY = 'download-key-5eed';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type Result = { headers: string[]; rows: (string | number | null)[][] };

let sim: Simulator;
/** A task created with `rows` and completed at once (report duration 0). */
let made: string;

const download = (uuid: string, query = '', headers: Record<string, string> = {}): Promise<Response> =>
  fetch(`${sim.url}/billing/org/v1/reports/${uuid}/download${query}`, { headers: { Authorization: `apikey ${KEY}`, ...headers } });
const bytes = async (response: Response): Promise<Buffer> => Buffer.from(await response.arrayBuffer());
const json = async (uuid: string): Promise<Result> => (await (await download(uuid, '?format=json')).json()) as Result;

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endField();
    else if (ch === '\r' && text[i + 1] === '\n') {
      endField();
      records.push(record);
      record = [];
      i++;
    } else field += ch;
  }
  assert.equal(field + record.join(''), '', 'the CSV ends with CRLF');
  return records;
}

before(async () => {
  sim = await startSimulator({ apiKey: KEY, reportDurationMs: 0 });
  const created = await fetch(`${sim.url}/billing/org/v1/reports`, {
    method: 'POST',
    headers: { Authorization: `apikey ${KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ template_code: 'ResellerExpenses', parameters: { date_from: '2026-01-01', date_to: '2026-03-31', rows: 300 } }),
  });
  made = ((await created.json()) as { uuid: string }).uuid;
});
after(() => sim.close());

describe('report download: the three formats', () => {
  it('JSON {headers, rows}: the template columns, the task row count, numbers as numbers', async () => {
    const response = await download(made);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    const result = (await response.json()) as Result;
    assert.deepEqual(result.headers, ['client_id', 'company_name', 'product', 'plan', 'period', 'amount', 'currency']);
    assert.equal(result.rows.length, 300);
    for (const row of result.rows) {
      assert.equal(row.length, 7);
      assert.equal(typeof row[0], 'number');
      assert.equal(typeof row[5], 'number');
      assert.match(String(row[4]), /^2026-0[123]$/);
    }
    const companies = new Set(result.rows.map((r) => r[1]));
    assert.ok([...companies].some((c) => String(c).includes(',')) && [...companies].some((c) => String(c).includes('"')), 'commas and quotes to escape');
    assert.ok(
      [...companies].some((c) => /[^ -~]/.test(String(c))),
      'non-ASCII text',
    );
    assert.equal((await json(SEEDED_REPORTS.Completed)).rows.length, 1900, 'a seeded task: its records to process');
  });

  it('CSV: a header row, RFC 4180 quoting, CRLF, the same cells as the JSON', async () => {
    const response = await download(made, '?format=csv');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/csv/);
    assert.match(response.headers.get('content-disposition') ?? '', /filename="ResellerExpenses_2026-01-01_2026-03-31\.csv"/);
    const text = await response.text();
    assert.ok(text.startsWith('client_id,company_name,product,plan,period,amount,currency\r\n'));
    assert.match(text, /,"Fabrikam ""Games"" GmbH",|,"Contoso Media, Inc\.",/);
    const records = parseCsv(text);
    const result = await json(made);
    assert.deepEqual(records[0], result.headers);
    assert.deepEqual(
      records.slice(1),
      result.rows.map((row) => row.map((cell) => (cell === null ? '' : String(cell)))),
    );
  });

  it('XLSX: a workbook a spreadsheet library reads back, numbers as numbers, text as written', async () => {
    const response = await download(made, '?format=xlsx');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), XLSX_TYPE);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const result = await json(made);
    assert.equal(sheet.rowCount, 301);
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    assert.deepEqual(values(1), result.headers);
    for (let i = 0; i < result.rows.length; i++) assert.deepEqual(values(i + 2), result.rows[i], `row ${i + 2}`);
  });

  it('the same task gives the same bytes every time', async () => {
    const digest = async (query: string) =>
      createHash('sha256')
        .update(await bytes(await download(SEEDED_REPORTS.Completed, query)))
        .digest('hex');
    for (const query of ['?format=csv', '?format=json', '?format=xlsx']) assert.equal(await digest(query), await digest(query), query);
  });
});

describe('report download: which format', () => {
  it('?format= wins over Accept; Accept alone chooses; JSON by default; 406 when Accept names none', async () => {
    const type = async (query: string, accept?: string) => (await download(made, query, accept ? { Accept: accept } : {})).headers.get('content-type');
    assert.match((await type('?format=csv', 'application/json')) ?? '', /^text\/csv/);
    assert.match((await type('', 'text/csv')) ?? '', /^text\/csv/);
    assert.equal(await type('', XLSX_TYPE), XLSX_TYPE);
    assert.equal(await type('', `text/csv;q=0.5, ${XLSX_TYPE}`), XLSX_TYPE);
    assert.match((await type('', '*/*')) ?? '', /^application\/json/);
    assert.match((await type('')) ?? '', /^application\/json/);
    const refused = await download(made, '', { Accept: 'text/html' });
    assert.equal(refused.status, 406);
    assert.equal((await download(made, '?format=pdf')).status, 400);
  });
});

describe('report download: failures', () => {
  it('a Completed task whose render fails: 400 {"error": "Failed to render report: …"} in every format', async () => {
    for (const query of ['', '?format=csv', '?format=json', '?format=xlsx']) {
      const response = await download(SEEDED_RESULT_REPORTS.renderFails, query);
      assert.equal(response.status, 400, query);
      const body = (await response.json()) as { error: string };
      assert.deepEqual(Object.keys(body), ['error']);
      assert.match(body.error, /^Failed to render report: template ResellerCredits references/);
    }
  });

  it('a task not Completed answers 400 in the same shape; an unknown one 404', async () => {
    for (const status of ['Pending', 'InProgress', 'Failed', 'Cancelled'] as const) {
      const response = await download(SEEDED_REPORTS[status], '?format=csv');
      assert.equal(response.status, 400, status);
      assert.match(((await response.json()) as { error: string }).error, new RegExp(`^Failed to render report: task .* is ${status}, not Completed\\.$`));
    }
    assert.equal((await download('6f1c2d3e-0000-4000-8000-000000000000')).status, 404);
  });

  it('more rows than an Excel sheet holds: 400 for XLSX, while CSV is served', async () => {
    assert.ok(CSV_200MB_ROWS > XLSX_MAX_ROWS);
    const refused = await download(SEEDED_RESULT_REPORTS.csv200MB, '?format=xlsx');
    assert.equal(refused.status, 400);
    assert.match(((await refused.json()) as { error: string }).error, /^Failed to render report: 2900000 rows do not fit/);
    const csv = await download(SEEDED_RESULT_REPORTS.csv200MB, '?format=csv');
    assert.equal(csv.status, 200);
    await csv.body?.cancel();
  });
});

describe('report deletion', () => {
  it('DELETE answers 204; then the task is gone: its GET, download and a second DELETE answer 404', async () => {
    const path = `/billing/org/v1/reports/${made}`;
    const call = (method: string, suffix = '') => fetch(`${sim.url}${path}${suffix}`, { method, headers: { Authorization: `apikey ${KEY}` } });
    assert.equal((await call('GET')).status, 200);
    sim.resetRequests();
    assert.equal((await call('DELETE')).status, 204);
    assert.equal(sim.requestCounts()['DELETE deleteReport'], 1);
    assert.equal((await call('GET')).status, 404);
    assert.equal((await call('GET', '/download')).status, 404);
    assert.equal((await call('DELETE')).status, 404);
    const listed = (await (await fetch(`${sim.url}/billing/org/v1/reports?limit=100`, { headers: { Authorization: `apikey ${KEY}` } })).json()) as {
      results: { uuid: string }[];
    };
    assert.ok(!listed.results.some((r) => r.uuid === made));
  });
});
