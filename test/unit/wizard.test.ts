import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runWizard, type WizardStep } from '../../src/ui/wizard';
import { PRESS_BACK, PRESS_ESCAPE, ScriptedUi } from '../support/scriptedUi';

interface S {
  kind?: 'cron' | 'interval';
  hour?: string;
  weeks?: string;
  name?: string;
}

const steps: WizardStep<S>[] = [
  {
    prompt: async (s, ctx) => {
      s.kind = await ctx.pick({
        placeholder: 'Kind',
        items: [
          { label: 'Cron', value: 'cron' as const },
          { label: 'Interval', value: 'interval' as const },
        ],
      });
    },
  },
  {
    shouldPrompt: (s) => s.kind === 'cron',
    prompt: async (s, ctx) => {
      s.hour = await ctx.input({ prompt: 'Hour', validate: (v) => (/^\d+$/.test(v) && Number(v) < 24 ? undefined : 'Hour: must be 0..23') });
    },
  },
  {
    shouldPrompt: (s) => s.kind === 'interval',
    prompt: async (s, ctx) => {
      s.weeks = await ctx.input({ prompt: 'Weeks' });
    },
  },
  {
    prompt: async (s, ctx) => {
      s.name = await ctx.input({
        prompt: 'Name',
        value: s.name,
        validate: (v) => (v ? (v.includes('{') ? { warning: 'stays literal' } : undefined) : 'Name: must not be empty'),
      });
    },
  },
];

describe('runWizard', () => {
  it('counts only the steps that will prompt, and shows Back after the first', async () => {
    const ui = new ScriptedUi(['Cron', '5', 'nightly']);
    const state = await runWizard<S>({}, { title: 'T', steps, ui });
    assert.deepEqual(state, { kind: 'cron', hour: '5', name: 'nightly' });
    // Before the kind is known neither branch counts; once picked, its step does.
    assert.deepEqual(
      ui.prompts.map((p) => [p.step, p.totalSteps, p.canGoBack]),
      [
        [1, 2, false],
        [2, 3, true],
        [3, 3, true],
      ],
    );
  });

  it('Back undoes the last step and clears what it set; a changed answer changes the path', async () => {
    const ui = new ScriptedUi(['Cron', '7', PRESS_BACK, PRESS_BACK, 'Interval', '2', 'weekly']);
    const state = await runWizard<S>({}, { title: 'T', steps, ui });
    assert.deepEqual(state, { kind: 'interval', weeks: '2', name: 'weekly' }, 'no hour left over from the undone cron path');
    assert.deepEqual(
      ui.prompts.map((p) => p.prompt),
      ['Kind', 'Hour', 'Name', 'Hour', 'Kind', 'Weeks', 'Name'],
    );
  });

  it('Back returns to the previous step and keeps the state that existed before it', async () => {
    const ui = new ScriptedUi(['Interval', '1', PRESS_BACK, '3', 'second']);
    const state = await runWizard<S>({ name: 'prefilled' }, { title: 'T', steps, ui });
    assert.deepEqual(state, { kind: 'interval', weeks: '3', name: 'second' });
    assert.deepEqual(
      ui.prompts.map((p) => p.prompt),
      ['Kind', 'Weeks', 'Name', 'Weeks', 'Name'],
    );
    const names = ui.prompts.filter((p) => p.prompt === 'Name');
    assert.deepEqual(
      names.map((p) => p.value),
      ['prefilled', 'prefilled'],
      'state from before the flow is kept',
    );
  });

  it('validation refuses and records the rule; warnings let the value through', async () => {
    const ui = new ScriptedUi(['Cron', '24', 'x', '23', '', 'snap-{volume}']);
    const state = await runWizard<S>({}, { title: 'T', steps, ui });
    assert.equal(state?.hour, '23');
    assert.deepEqual(ui.prompts[1]?.refusals, ['Hour: must be 0..23', 'Hour: must be 0..23']);
    assert.deepEqual(ui.prompts[2]?.refusals, ['Name: must not be empty']);
    assert.deepEqual(ui.prompts[2]?.warnings, ['stays literal']);
  });

  it('Escape resolves undefined at once: nothing hangs', async () => {
    const ui = new ScriptedUi(['Cron', PRESS_ESCAPE]);
    assert.equal(await runWizard<S>({}, { title: 'T', steps, ui }), undefined);
    assert.equal(ui.remainingAnswers, 0);
  });

  it('startAt reopens a later step with Back still reaching earlier ones', async () => {
    const ui = new ScriptedUi([PRESS_BACK, '9', 'again']);
    const state = await runWizard<S>({ kind: 'cron', hour: '5', name: 'kept' }, { title: 'T', steps, ui, startAt: 3 });
    assert.deepEqual(state, { kind: 'cron', hour: '9', name: 'again' });
    assert.deepEqual(
      ui.prompts.map((p) => [p.prompt, p.step, p.canGoBack]),
      [
        ['Name', 3, true],
        ['Hour', 2, true],
        ['Name', 3, true],
      ],
    );
  });
});
