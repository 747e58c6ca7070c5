// VscodeFlowUi's input box, in the real extension host: what the workbench sends (Enter, each
// keystroke's value) can reach the box's handlers in one batch, so a keystroke right after a
// refused Enter is handled before that Enter's own check has finished. The refused value must stay
// refused: seen in a UI run, where "image_resize" was accepted once the good name was typed
// right after its Enter (logs.e2e.mjs, #53).
import * as assert from 'node:assert/strict';
import { afterEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { BACK, CANCEL } from '../../src/ui/flowUi';
import { VscodeFlowUi } from '../../src/ui/vscodeFlowUi';

type Listener<T> = (value: T) => unknown;

/** An InputBox the test drives: it fires accept and value changes as the workbench would send them. */
function fakeInputBox() {
  const accept: Listener<void>[] = [];
  const change: Listener<string>[] = [];
  const hide: Listener<void>[] = [];
  const on =
    <T>(list: Listener<T>[]) =>
    (listener: Listener<T>) => {
      list.push(listener);
      return { dispose: () => list.splice(list.indexOf(listener) >>> 0, 1) };
    };
  const box = {
    value: '',
    validationMessage: undefined as unknown,
    shown: false,
    disposed: false,
    onDidAccept: on(accept),
    onDidChangeValue: on(change),
    onDidHide: on(hide),
    onDidTriggerButton: on<unknown>([]),
    show: () => void (box.shown = true),
    hide: () => hide.forEach((l) => l()),
    dispose: () => void (box.disposed = true),
    /** A keystroke: the new value, then its change event (as the extension host receives it). */
    type(value: string) {
      box.value = value;
      change.forEach((l) => l(value));
    },
    enter: () => accept.forEach((l) => l()),
  };
  return box;
}

/** Until every pending promise callback and timer of this turn has run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('VscodeFlowUi input box', () => {
  const original = vscode.window.createInputBox;
  afterEach(() => {
    vscode.window.createInputBox = original;
  });

  const frame = { title: 'Open Function Logs', step: 4, totalSteps: 4, canGoBack: true };
  const refusing = (v: string) => (/^[a-z-]+$/.test(v) ? undefined : 'Function name: lower-case letters, digits and hyphens');

  it('a refused Enter stays refused when the good value is typed before its check ends; that value is then accepted by its own Enter', async () => {
    const box = fakeInputBox();
    vscode.window.createInputBox = (() => box) as unknown as typeof vscode.window.createInputBox;
    let settled: unknown = 'pending';
    const result = new VscodeFlowUi().input({ ...frame, prompt: 'Function name', validate: refusing });
    void result.then((r) => (settled = r));
    assert.ok(box.shown, 'the box is shown');
    box.type('image_resize');
    await settle();
    assert.match(String((box.validationMessage as { message?: string } | undefined)?.message), /^Function name: /, 'the bad name is refused as typed');
    // One batch from the workbench: the Enter, then the good name typed at once.
    box.enter();
    box.type('image-resize');
    await settle();
    assert.equal(settled, 'pending', `the refused Enter accepted nothing (the flow got ${JSON.stringify(settled)})`);
    assert.equal(box.validationMessage, undefined, 'the good name shows no problem');
    box.enter();
    assert.equal(await result, 'image-resize');
    assert.ok(box.disposed);
  });

  it('an Enter on a good value accepts it even when a bad keystroke follows in the same batch', async () => {
    const box = fakeInputBox();
    vscode.window.createInputBox = (() => box) as unknown as typeof vscode.window.createInputBox;
    const result = new VscodeFlowUi().input({ ...frame, prompt: 'Function name', validate: refusing });
    box.type('image-resize');
    await settle();
    let settled: unknown = 'pending';
    void result.then((r) => (settled = r));
    box.enter();
    box.type('image-resize_');
    await settle();
    assert.notEqual(settled, BACK);
    assert.notEqual(settled, CANCEL);
    assert.equal(settled, 'image-resize', 'what the box held when Enter was pressed');
  });
});
