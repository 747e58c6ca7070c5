// #54: the chat tool of an operation that asks for the name typed (delete_snapshot_policy) asks it,
// after VS Code's own dialog, in the real VS Code input box with the command's prompt: a wrong name
// is refused in the box and Escape sends nothing; the right name sends the DELETE once.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';
import { fence } from './support/fence';
import { until } from './support/until';

const KEY = testKeys.simulator;
const INPUT = { project_id: 1, region_id: 1, policy_id: 10 };
const NAME = 'nightly-snapshots';
const token = () => new vscode.CancellationTokenSource().token;
const text = (result: vscode.LanguageModelToolResult | null | undefined) =>
  (result?.content ?? []).map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
const message = (m: string | vscode.MarkdownString | undefined) => (typeof m === 'string' ? m : (m?.value ?? ''));

describe('agent tools: the name typed in the editor (delete_snapshot_policy)', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  // Every input box the extension opens, as VS Code made it (the box itself is VS Code's own).
  const boxes: vscode.InputBox[] = [];
  const createInputBox = vscode.window.createInputBox;

  before(async () => {
    ext = await platformConsole();
    ext.setUi(undefined);
    sim = await startSimulator({ apiKey: KEY });
    await ext.connections.signIn('typed-main', sim.url, KEY);
    vscode.window.createInputBox = () => {
      const box = createInputBox.call(vscode.window);
      boxes.push(box);
      return box;
    };
  });
  after(async () => {
    vscode.window.createInputBox = createInputBox;
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    for (const c of ext.connections.list().filter((c) => c.name === 'typed-main')) await ext.connections.signOut(c.id);
    await sim.close();
  });

  /** VS Code's dialog was allowed: prepareInvocation, then invoke, which asks for the name in a new box. */
  const allow = async () => {
    const tool = ext.agentTool('delete_snapshot_policy');
    assert.ok(tool, 'delete_snapshot_policy registered');
    const asked = (await tool.prepareInvocation!({ input: INPUT }, token()))?.confirmationMessages;
    assert.ok(asked, 'VS Code asks first');
    const opened = boxes.length;
    const answer = Promise.resolve(tool.invoke({ input: INPUT, toolInvocationToken: undefined }, token())).then(text);
    const box = await until('the name asked in an input box', () => boxes.length > opened && boxes[boxes.length - 1]);
    return { said: message(asked.message), answer, box };
  };

  /** The value as typed, then Enter in the workbench's own quick input. */
  const enter = async (box: vscode.InputBox, value: string) => {
    box.value = value;
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  };

  it("a wrong name is refused in the box and Escape sends nothing; the right name sends once; VS Code's dialog says the name is asked", async () => {
    try {
      const first = await allow();
      assert.match(first.said, new RegExp(`\\*\\*Its name must be typed to confirm: \`${NAME}\`\\.\\*\\*`));
      assert.match(first.said, /Sent once when you allow it and its name is typed;/);
      assert.equal(first.box.title, 'Delete Snapshot Policy (typed-main)');
      assert.match(
        first.box.prompt ?? '',
        new RegExp(
          `^The snapshot policy ${NAME} \\(Policy ${NAME} \\(ID 10\\), .* on typed-main \\(http://127\\.0\\.0\\.1:\\d+\\) is sent: Delete snapshot policy ${NAME}\\. .*Type its name, ${NAME}, to confirm\\.$`,
        ),
      );
      await enter(first.box, 'nightly-snapshot');
      const refusal = await until('the wrong name refused', () => first.box.validationMessage);
      assert.match(typeof refusal === 'string' ? refusal : refusal.message, new RegExp(`^Confirmation: type ${NAME} exactly$`));
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.match(
        await first.answer,
        new RegExp(`^Not sent: the person was asked to type the name "${NAME}" to confirm Delete Snapshot Policy and did not .*Nothing was sent\\.$`),
      );
      assert.equal((await fence(sim))['DELETE deleteLifecyclePolicy'] ?? 0, 0, 'no DELETE for a wrong name and Escape');

      const second = await allow();
      await enter(second.box, NAME);
      assert.match(await second.answer, /^Deleted snapshot policy/);
      assert.equal((await fence(sim))['DELETE deleteLifecyclePolicy'], 1, 'sent once');
    } finally {
      sim.reset();
    }
  });
});
