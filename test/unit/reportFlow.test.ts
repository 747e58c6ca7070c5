// The Create Report steps through the wizard engine with a scripted UI: the parameter loop
// (add, change, remove, Back, Escape), refusals, step numbers, and the request it describes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runWizard } from '../../src/ui/wizard';
import {
  ADD_PARAMETER,
  ANOTHER_TEMPLATE,
  CONTINUE,
  ReportFlowCancelled,
  SUBMIT_REPORT,
  createReportSteps,
  reportRequest,
  type ReportFlowState,
} from '../../src/features/reports/createReportFlow';
import { commandConfirmation } from '../../src/operations/commandConfirmation';
import { createReport } from '../../src/operations/reports';
import { fieldTitle, operationField } from '../../src/ui/operationSteps';
import { writeConfirmationText } from '../../src/ui/text/writeConfirmation';
import { PRESS_BACK, PRESS_ESCAPE, ScriptedUi } from '../support/scriptedUi';

const SIM = { name: 'sim', baseUrl: 'http://127.0.0.1:1' };

function run(ui: ScriptedUi, recentTemplates: string[] = [], state: ReportFlowState = { parameters: [] }) {
  const title = 'Create Report on sim';
  return runWizard(state, { title, ui, steps: createReportSteps({ ui, title, connection: SIM, recentTemplates }) });
}

describe('Create Report steps', () => {
  it('template, typed parameters with refusals, the summary; the request has typed values', async () => {
    const ui = new ScriptedUi([
      '',
      'ResellerExpenses',
      ADD_PARAMETER,
      'date from',
      'date_from',
      '2026-13-01',
      '2026-04-10',
      ADD_PARAMETER,
      'date_from',
      'date_to',
      '2026-04-01',
      '2026-04-30',
      ADD_PARAMETER,
      'client_id',
      '7',
      ADD_PARAMETER,
      'code',
      '"0042"',
      CONTINUE,
      SUBMIT_REPORT,
    ]);
    const done = await run(ui);
    assert.ok(done);
    assert.deepEqual(reportRequest(done), {
      template_code: 'ResellerExpenses',
      parameters: { date_from: '2026-04-10', date_to: '2026-04-30', client_id: 7, code: '0042' },
    });
    const refusals = ui.prompts.flatMap((p) => p.refusals);
    assert.deepEqual(refusals, [
      'Template code: must not be empty',
      'Parameter name: must not contain spaces',
      'date_from: 2026-13-01 is not a date (YYYY-MM-DD, like 2026-04-30)',
      'Parameter name: date_from is already set; pick it in the list to change it',
      'date_to: must not be before date_from (2026-04-10)',
    ]);
    // Without recent codes: template (1), parameters (2), summary (3); the loop's prompts are step 2.
    assert.deepEqual([...new Set(ui.prompts.map((p) => `${p.step}/${p.totalSteps}`))], ['1/3', '2/3', '3/3']);
    const summary = ui.prompts.at(-1)!;
    assert.deepEqual(summary.items?.slice(-4), [
      'Parameter date_from = 2026-04-10',
      'Parameter date_to = 2026-04-30',
      'Parameter client_id = 7',
      'Parameter code = "0042"',
    ]);
  });

  it("the summary step is createReport's confirmation, one line an item, then the command's context", async () => {
    const ui = new ScriptedUi(['ResellerExpenses', ADD_PARAMETER, 'date_from', '2026-04-10', CONTINUE, SUBMIT_REPORT]);
    const done = await run(ui);
    const input = { template_code: 'ResellerExpenses', parameters: { date_from: '2026-04-10' } };
    assert.deepEqual(reportRequest(done!), input);
    const modal = writeConfirmationText(commandConfirmation(createReport, input, undefined, SIM).summary);
    const summary = ui.prompts.at(-1)!;
    assert.equal(summary.prompt, `${modal.message} Review the values`);
    assert.deepEqual(summary.items, [SUBMIT_REPORT, ...modal.detail.split('\n').filter((l) => l !== ''), 'Parameter date_from = 2026-04-10']);
    assert.ok(summary.items?.includes('Template: ResellerExpenses') && summary.items.includes('Parameters: {"date_from":"2026-04-10"}'));
  });

  it("the template code is createReport's template_code input: its title and rule, typed or picked among recent codes", async () => {
    assert.equal(fieldTitle(operationField(createReport, 'template_code'), 'template_code'), 'Template code');
    assert.equal(fieldTitle(operationField(createReport, 'parameters'), 'parameters'), 'Parameters');
    const typed = new ScriptedUi(['', 'R', CONTINUE, SUBMIT_REPORT]);
    await run(typed);
    assert.deepEqual([typed.prompts[0]!.prompt, typed.prompts[0]!.refusals], ['Template code', ['Template code: must not be empty']]);
    const recent = new ScriptedUi([ANOTHER_TEMPLATE, 'S', CONTINUE, SUBMIT_REPORT]);
    const done = await run(recent, ['R']);
    assert.equal(done?.templateCode, 'S');
    assert.equal(recent.prompts[0]!.prompt, 'Template code (recently used on this connection)');
    assert.deepEqual([recent.prompts[1]!.prompt, recent.prompts[1]!.value], ['Template code', ''], 'another code: the box opens empty');
  });

  it('a parameter picked in the list is changed, or removed with an empty value', async () => {
    const ui = new ScriptedUi([
      'R',
      ADD_PARAMETER,
      'date_from',
      '2026-04-01',
      ADD_PARAMETER,
      'date_to',
      '2026-04-30',
      ADD_PARAMETER,
      'type',
      'x',
      'date_from = 2026-04-01',
      '2026-05-01',
      '2026-04-02', // after date_to: refused, then accepted
      'type = "x"',
      '',
      CONTINUE,
      SUBMIT_REPORT,
    ]);
    const done = await run(ui);
    assert.deepEqual(reportRequest(done!), { template_code: 'R', parameters: { date_from: '2026-04-02', date_to: '2026-04-30' } });
    const edit = ui.prompts.find((p) => p.prompt.startsWith('Value of date_from (now date)'))!;
    assert.equal(edit.value, '2026-04-01', 'prefilled with the value as typed');
    assert.deepEqual(edit.refusals, ['date_from: must not be after date_to (2026-04-30)']);
  });

  it('Back in the loop returns to the list; Back from the list keeps the parameters', async () => {
    const ui = new ScriptedUi([
      'R',
      ADD_PARAMETER,
      'a',
      PRESS_BACK, // back from the value to the name, still filled in
      'a',
      '1',
      ADD_PARAMETER,
      PRESS_BACK, // back from the name to the list
      PRESS_BACK, // from the list to the template code
      'R2',
      CONTINUE,
      SUBMIT_REPORT,
    ]);
    const done = await run(ui);
    assert.deepEqual(reportRequest(done!), { template_code: 'R2', parameters: { a: 1 } });
    const names = ui.prompts.filter((p) => p.prompt.startsWith('Parameter name'));
    assert.equal(names[1]?.value, 'a', 'Back from the value kept the name');
    assert.equal(ui.remainingAnswers, 0);
  });

  it('Escape inside the loop ends the whole flow', async () => {
    const ui = new ScriptedUi(['R', ADD_PARAMETER, 'a', PRESS_ESCAPE]);
    await assert.rejects(run(ui), ReportFlowCancelled);
  });

  it('recent codes are offered first; "Another" asks for one; picking one skips the box', async () => {
    const picked = new ScriptedUi(['ResellerPlans', CONTINUE, SUBMIT_REPORT]);
    const done = await run(picked, ['ResellerPlans', 'ResellerCredits']);
    assert.deepEqual(reportRequest(done!), { template_code: 'ResellerPlans' });
    assert.deepEqual(picked.prompts[0]?.items, ['ResellerPlans', 'ResellerCredits', ANOTHER_TEMPLATE]);
    assert.deepEqual(
      picked.prompts.map((p) => p.totalSteps),
      [3, 3, 3],
    );

    const typed = new ScriptedUi([ANOTHER_TEMPLATE, 'NewOne', ADD_PARAMETER, 'k', 'v', CONTINUE, SUBMIT_REPORT]);
    const other = await run(typed, ['ResellerPlans']);
    assert.deepEqual(reportRequest(other!), { template_code: 'NewOne', parameters: { k: 'v' } });
    // The engine counts the steps that will prompt as it knows them: the box joins once "Another" is picked.
    assert.deepEqual([...new Set(typed.prompts.map((p) => `${p.step}/${p.totalSteps}`))], ['1/3', '2/4', '3/4', '4/4']);
  });
});
