// Starting a report task as the catalog describes it (src/operations/reports.ts): the template and
// every parameter sent in the facts, a plain write; a bad input refused naming the field and the
// rule, nothing sent; the request exactly as the tool and the command send it. (The chat tool and
// MCP: operationParity.test.ts.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandConfirmation } from '../../src/operations/commandConfirmation';
import { createReport } from '../../src/operations/reports';
import { writeConfirmationText } from '../../src/ui/text/writeConfirmation';
import { operationSim, PROD as conn, refused } from '../support/operationSim';

describe('a report task started, as every face confirms it', () => {
  it('names the template and every parameter sent, as JSON (numbers and text told apart); a plain write', () => {
    const asked = commandConfirmation(
      createReport,
      { template_code: 'ResellerPlans', parameters: { date_to: '2026-10-31', code: '0042', client_id: 7 } },
      undefined,
      conn,
    );
    assert.equal(asked.summary.destructive, false);
    assert.equal(asked.typed, undefined);
    const shown = writeConfirmationText(asked.summary);
    assert.equal(shown.message, 'Create a "ResellerPlans" report on Prod?');
    assert.equal(shown.button, 'Create');
    assert.equal(
      shown.detail.split('\n\n').slice(0, 2).join('\n\n'),
      [
        'The platform starts a report task from this template; nothing existing changes.',
        'Connection: Prod (https://api.example)\nTemplate: ResellerPlans\nParameters: {"date_to":"2026-10-31","code":"0042","client_id":7}',
      ].join('\n\n'),
    );
    assert.match(writeConfirmationText(commandConfirmation(createReport, { template_code: 'R' }, undefined, conn).summary).detail, /\nParameters: none\n/);
  });

  it('a refused input names the field and the rule: the request is never built', () => {
    refused(() => createReport.request({ template_code: '' }), /template_code/);
    refused(
      () => createReport.request({ template_code: 'R', parameters: [1] as unknown as Record<string, unknown> }),
      /parameters: must be an object of parameters/,
    );
    assert.deepEqual(createReport.request({ template_code: 'R' }).call, { params: {}, body: { template_code: 'R' } });
    assert.deepEqual(createReport.request({ template_code: 'R', parameters: { a: 1 } }).call.body, { template_code: 'R', parameters: { a: 1 } });
  });
});

describe('create_report against the simulator', { timeout: 60_000 }, () => {
  const t = operationSim('operation-reports-key-5d2a');

  it('nothing is read first; declined sends nothing; allowed, one POST with the body as confirmed', async () => {
    const input = { template_code: 'ResellerPlans', parameters: { date_to: '2026-10-31' } };
    assert.equal(await createReport.read(t.bound.api, input), undefined);
    const declined = await t.run('create_report', input, () => 'Not sent: declined.');
    assert.match(declined.asked[0]!.message, /The new report task: Template `ResellerPlans` · Parameters `\{"date_to":"2026-10-31"\}`\./);
    assert.deepEqual(t.writes(), []);
    const { said } = await t.run('create_report', input);
    assert.match(said, /^Started a report task on "Sim"/);
    assert.deepEqual(t.writes(), ['POST createReport 1']);
    assert.deepEqual(t.sim.lastRequests('createReport')['POST createReport']?.body, input);
  });
});
