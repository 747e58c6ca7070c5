import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as z from 'zod';
import { editSchedule } from '../../src/features/schedules/scheduleEditor';
import { addSchedules, editSnapshotSchedule } from '../../src/operations/snapshotSchedules';
import { positiveId, textOf, uuid } from '../../src/schema/schemaKit';
import {
  askField,
  fieldPromptText,
  fieldStep,
  fieldTitle,
  operationEntry,
  operationFieldAt,
  operationInput,
  operationItemField,
  operationSteps,
  ruleWords,
} from '../../src/ui/operationSteps';
import { runWizard } from '../../src/ui/wizard';
import { ACCEPT, PRESS_BACK, ScriptedUi } from '../support/scriptedUi';

// An operation's inputs as the catalog declares them: titles for people, descriptions for models.
const op = {
  name: 'renameWidget',
  fields: () =>
    z.strictObject({
      widget_id: positiveId().describe('The widget id').meta({ title: 'Widget ID' }),
      mode: z.enum(['fast', 'safe']).describe('How it is renamed').meta({ title: 'Mode' }),
      name: textOf(1, 8).describe('The new name').meta({ title: 'New name' }),
      note: z.string().max(20).optional().meta({ title: 'Note' }),
      keep: z.boolean().meta({ title: 'Keep the old name' }),
    }),
};
type In = z.output<ReturnType<typeof op.fields>>;

describe('operation steps: a wizard made from the operation inputs', () => {
  it('asks every input in the operation order, each named by its title and checked by its own rule as typed', async () => {
    const ui = new ScriptedUi(['0', 'abc', '12', 'Safe', 'much-too-long', 'short', '', { pick: 'No' }]);
    const state = await runWizard<Partial<In>>(
      {},
      { title: 'Rename', ui, steps: operationSteps(op, { mode: { choices: [{ value: 'safe', label: 'Safe', description: 'keeps a copy' }] } }) },
    );
    assert.deepEqual(state, { widget_id: 12, mode: 'safe', name: 'short', note: undefined, keep: false });
    assert.deepEqual(
      ui.prompts.map((p) => [p.prompt, p.step, p.totalSteps]),
      [
        ['Widget ID (a positive whole number)', 1, 5],
        ['Mode', 2, 5],
        ['New name (1 to 8 characters)', 3, 5],
        ['Note (at most 20 characters; optional, empty to leave it out)', 4, 5],
        ['Keep the old name', 5, 5],
      ],
    );
    // The refusals are the field's rule, named by its title: what the request would refuse.
    assert.deepEqual(ui.prompts[0]!.refusals, ['Widget ID: must be at least 1', 'Widget ID: must be a whole number']);
    assert.deepEqual(ui.prompts[2]!.refusals, ['New name: must be at most 8 characters']);
    assert.deepEqual(ui.prompts[1]!.items, ['fast', 'Safe']);
    assert.deepEqual(operationInput(op, state!), { widget_id: 12, mode: 'safe', name: 'short', keep: false });
  });

  it('keeps what was typed when Back returns to a step, and does not ask what the command was given', async () => {
    const ui = new ScriptedUi(['Safe', 'first', PRESS_BACK, PRESS_BACK, 'fast', { accept: true }, 'x', 'Yes']);
    const state = await runWizard<Partial<In>>(
      { widget_id: 7, mode: 'safe' },
      { title: 'Rename', ui, steps: operationSteps(op, { mode: { choices: [{ value: 'safe', label: 'Safe' }] } }, ['widget_id']) },
    );
    assert.equal(state?.widget_id, 7);
    assert.equal(state?.mode, 'fast');
    assert.equal(state?.name, 'first');
    // The mode pick highlights the value the state held; Back to the name box shows what was typed.
    assert.equal(ui.prompts[0]!.active, 'Safe');
    assert.deepEqual(
      ui.prompts.map((p) => p.value),
      [undefined, '', '', 'first', undefined, 'first', '', undefined],
    );
  });

  it('offers the platform list first; "Enter an ID…" opens the typed box with the same rule, Back returns to the list', async () => {
    const listed = [
      { id: 3, name: 'alpha' },
      { id: 4, name: 'beta' },
    ];
    const step = fieldStep(op, 'widget_id', {
      list: () => ({
        noun: 'widget',
        load: () => Promise.resolve({ items: listed }),
        missing: () => false,
        logError: () => undefined,
        item: (w: { id: number; name: string }) => ({ label: w.name, value: w.id }),
      }),
    });
    const picked = await runWizard<{ widget_id?: number }>({}, { title: 'T', ui: new ScriptedUi(['beta']), steps: [step] });
    assert.equal(picked?.widget_id, 4);
    // After a first step, as in a command: the typed box has Back, and Back reopens the list.
    const ui = new ScriptedUi(['fast', '$(edit) Enter an ID…', PRESS_BACK, '$(edit) Enter an ID…', '-1', '99']);
    const typed = await runWizard<{ mode?: 'fast' | 'safe'; widget_id?: number }>({}, { title: 'T', ui, steps: [fieldStep(op, 'mode'), step] });
    assert.equal(typed?.widget_id, 99);
    assert.deepEqual(
      ui.prompts.map((p) => p.kind),
      ['pick', 'pick', 'input', 'pick', 'input'],
    );
    assert.deepEqual(ui.prompts[4]!.refusals, ['Widget ID: must be at least 1']);
  });

  it('says each rule in words from the schema that checks it', () => {
    assert.equal(ruleWords(z.string().uuid()), 'a UUID');
    assert.equal(ruleWords(uuid()), 'a UUID');
    assert.equal(ruleWords(z.number().int().min(1).max(100)), 'a whole number from 1 to 100');
    assert.equal(ruleWords(z.number().int().min(0)), 'a whole number, 0 or more');
    assert.equal(ruleWords(z.string().min(3)), 'at least 3 characters');
    assert.equal(ruleWords(z.string()), undefined);
    assert.equal(ruleWords(z.string().optional()), 'optional, empty to leave it out');
    assert.equal(fieldTitle(z.string(), 'raw_name'), 'raw_name');
  });

  it("askField: a field's box inside a step the command declares, with the field's title, rule and check; prefilled, with its example", async () => {
    const ui = new ScriptedUi(['', 'much-too-long', 'short', '-3', '5']);
    const placeholders: (string | undefined)[] = [];
    const input = ui.input.bind(ui);
    ui.input = (prompt) => (placeholders.push(prompt.placeholder), input(prompt));
    const state = await runWizard<{ name?: string; widget_id?: number }>(
      {},
      {
        title: 'T',
        ui,
        steps: [
          {
            prompt: async (s, ctx) => {
              s.name = await askField(ctx, op, 'name', undefined, { placeholder: 'e.g. Bob' });
              s.widget_id = await askField(ctx, op, 'widget_id', 4);
            },
          },
        ],
      },
    );
    assert.deepEqual(state, { name: 'short', widget_id: 5 });
    assert.deepEqual(
      ui.prompts.map((p) => [p.prompt, p.value, p.refusals]),
      [
        ['New name (1 to 8 characters)', '', ['New name: must not be empty', 'New name: must be at most 8 characters']],
        ['Widget ID (a positive whole number)', '4', ['Widget ID: must be at least 1']],
      ],
    );
    assert.deepEqual(placeholders, ['e.g. Bob', undefined]);
  });

  it('refuses a field no step can ask, and a field the operation does not have', async () => {
    const odd = { name: 'odd', fields: () => z.strictObject({ when: z.date().meta({ title: 'When' }) }) };
    await assert.rejects(runWizard({}, { title: 'T', ui: new ScriptedUi([]), steps: operationSteps(odd) }), /No typed step for the input "When"/);
    assert.throws(() => operationInput(op, { widget_id: 'x' }));
    await assert.rejects(runWizard({}, { title: 'T', ui: new ScriptedUi([]), steps: [fieldStep(op, 'nope' as 'name')] }), /renameWidget has no input "nope"/);
  });

  it('asks an optional input as required when the command must send it; one item of a list input checked by its own rule', async () => {
    // A PATCH's optional name and list of items, as a rename or an edit of one item asks them.
    const patch = {
      name: 'patchWidget',
      fields: () =>
        z.strictObject({
          name: textOf(1, 8).nullish().meta({ title: 'Name' }),
          parts: z.array(z.strictObject({ part_id: positiveId().meta({ title: 'Part ID' }), label: z.string().nullish() })).nullish(),
        }),
    };
    const ui = new ScriptedUi(['  ', 'much-too-long', 'short']);
    const state = await runWizard<{ name?: string | null }>({}, { title: 'Rename', ui, steps: [fieldStep(patch, 'name', { required: true })] });
    assert.equal(state?.name, 'short');
    assert.equal(ui.prompts[0]!.prompt, 'Name (1 to 8 characters)', 'not said to be optional');
    assert.deepEqual(ui.prompts[0]!.refusals, ['Name: must not be empty', 'Name: must be at most 8 characters']);
    // Without `required` the same field may be left out: empty accepted as nothing.
    const optional = await runWizard<{ name?: string | null }>({}, { title: 'T', ui: new ScriptedUi(['']), steps: [fieldStep(patch, 'name')] });
    assert.equal(optional?.name, undefined);
    const partId = operationItemField(patch, 'parts', 'part_id');
    assert.equal(fieldPromptText(partId, 'part_id', 'one of the widget'), 'Part ID (a positive whole number; one of the widget)');
    assert.equal(fieldPromptText(operationItemField(patch, 'parts', 'label'), 'label'), 'label (optional, empty to leave it out)');
    assert.equal(partId.safeParse(0).success, false);
    assert.throws(() => operationItemField(patch, 'parts', 'nope'), /patchWidget has no input "parts\[\]\.nope"/);
    assert.throws(() => operationItemField(patch, 'name', 'x'), /patchWidget has no input "name\[\]\.x"/);
  });
});

describe('operation steps: a value offered first (ask.initial)', () => {
  it('highlights or prefills the initial value while nothing was chosen; what was chosen wins over it, after Back too', async () => {
    const ui = new ScriptedUi([{ accept: true }, PRESS_BACK, 'fast', { accept: true }]);
    const state = await runWizard<Partial<In>>(
      {},
      { title: 'T', ui, steps: [fieldStep(op, 'mode', { initial: () => 'safe' as const }), fieldStep(op, 'name', { initial: (s) => `via-${s.mode}` })] },
    );
    assert.deepEqual(state, { mode: 'fast', name: 'via-fast' });
    assert.deepEqual(
      ui.prompts.map((p) => p.active ?? p.value),
      ['safe', 'via-safe', 'safe', 'via-fast'],
    );
  });
});

describe('operation steps: what a family of commands adds', () => {
  // One of two optional inputs (a template or a binary), a name the platform already has, a masked value, a map filled entry by entry.
  const create = {
    name: 'createThing',
    fields: () =>
      z.strictObject({
        name: textOf(1, 8).meta({ title: 'Thing name' }),
        template_id: positiveId().optional().meta({ title: 'Template ID' }),
        value: textOf(1, 10).meta({ title: 'Value' }),
        params: z.record(z.string(), z.string().max(3)).optional().meta({ title: 'Params' }),
      }),
  };
  type Made = Partial<z.output<ReturnType<typeof create.fields>>>;

  it('asks an optional input the command needs as required, and refuses a value the platform has taken, named by the title', async () => {
    const ui = new ScriptedUi(['', '5', 'taken', 'fresh']);
    const steps = [
      fieldStep(create, 'template_id', { required: true }),
      fieldStep(create, 'name', { check: (name: string) => (name === 'taken' ? `${name} already exists` : undefined) }),
    ];
    const state = await runWizard<Made>({}, { title: 'Create', ui, steps });
    assert.deepEqual(state, { template_id: 5, name: 'fresh' });
    assert.equal(ui.prompts[0]!.prompt, 'Template ID (a positive whole number)');
    assert.deepEqual(ui.prompts[0]!.refusals, ['Template ID: must not be empty']);
    assert.deepEqual(ui.prompts[1]!.refusals, ['Thing name: taken already exists']);
  });

  it('keeps a masked value for Back and Retry (masked, untrimmed)', async () => {
    const ui = new ScriptedUi([' s3cret ', PRESS_BACK, ACCEPT, 'thing']);
    const state = await runWizard<Made>({}, { title: 'Create', ui, steps: [fieldStep(create, 'value', { password: true }), fieldStep(create, 'name')] });
    assert.equal(state?.value, ' s3cret ');
    assert.deepEqual(
      ui.prompts.map((p) => [p.password ?? false, p.value]),
      [
        [true, ''],
        [false, ''],
        [true, ' s3cret '],
        [false, ''],
      ],
    );
    // Retry: the wizard opened again on the state it gave, at the value step.
    const again = new ScriptedUi([ACCEPT]);
    const retried = await runWizard<Made>(state!, { title: 'Create', ui: again, steps: [fieldStep(create, 'value', { password: true })] });
    assert.equal(retried?.value, ' s3cret ');
    assert.equal(again.prompts[0]!.password, true);
    assert.equal(again.prompts[0]!.value, ' s3cret ');
  });

  it("gives a map input's entry rule, for a step that fills the map entry by entry", () => {
    const entry = operationEntry(create, 'params');
    assert.equal(entry.safeParse('abc').success, true);
    assert.equal(entry.safeParse('abcd').success, false);
    assert.throws(() => operationEntry(create, 'name'), /createThing's input "name" is not a map/);
  });
});

describe('operationFieldAt: a part of one input, by its path', () => {
  it('reaches through a list and a union to the rule the request applies, different per operation', () => {
    const adding = operationFieldAt(addSchedules, 'schedules[].max_quantity');
    const editing = operationFieldAt(editSnapshotSchedule, 'change.max_quantity');
    assert.equal(adding.safeParse(0).success, false);
    assert.equal(adding.safeParse(Number.MAX_SAFE_INTEGER).success, true);
    assert.equal(editing.safeParse(10_000).success, true);
    assert.equal(editing.safeParse(10_001).success, false);
    assert.throws(() => operationFieldAt(addSchedules, 'schedules[].nope'), /addSchedules has no input "schedules\[\]\.nope"/);
  });

  it("the schedule editor refuses as typed what the operation's request would: an edit keeps at most 10,000 snapshots", async () => {
    const initial = { type: 'interval', weeks: 0, days: 1, hours: 0, minutes: 0, maxQuantity: 7, retention: { weeks: 0, days: 0 }, nameTemplate: 'n' } as const;
    const ui = new ScriptedUi([ACCEPT, ACCEPT, ACCEPT, ACCEPT, '10001', '10000', { escape: true }]);
    await editSchedule(
      ui,
      'interval',
      'Edit',
      (part) => operationFieldAt(editSnapshotSchedule, `change.${part}`),
      () => new Date('2026-11-29T00:00:00Z'),
      initial,
    );
    const keep = ui.prompts.find((p) => p.prompt.startsWith('Snapshots to keep'));
    assert.deepEqual(keep?.refusals, ['Snapshots to keep (max_quantity): must be at most 10000']);
  });
});

describe("the schedule editor's parts: the operation's rule decides", () => {
  it('refuses what the rule refuses even where its own parser would take it, and says the parser words where it has them', async () => {
    // A rule stricter than cron (hours up to 12) shows whose decision it is.
    const rule = (part: string) =>
      part === 'hour' ? z.string().regex(/^(\d|1[0-2])(,(\d|1[0-2]))*$/, 'must be 0 to 12') : operationFieldAt(addSchedules, `schedules[].${part}`);
    const ui = new ScriptedUi([{ pick: ['Monday'] }, { pick: ['$(edit) Type a comma-separated list instead…'] }, '24', '13', '3', { escape: true }]);
    await editSchedule(ui, 'cron', 'Add', rule, () => new Date('2026-11-29T00:00:00Z'));
    const hours = ui.prompts.find((p) => p.prompt.startsWith('Hours, comma-separated'));
    assert.deepEqual(hours?.refusals, ['Hours: 24 is outside 0..23', 'Hours: must be 0 to 12']);
  });
});
