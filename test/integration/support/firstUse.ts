// How the extension was first activated in the run's window (test/integration/index.ts calls a
// language model tool before anything else touches the extension; activation.test.ts checks it).
// Each test file is a bundle of its own: the record is shared through globalThis.
import * as vscode from 'vscode';
import { EXTENSION_ID } from './extension';

export interface FirstUse {
  /** Whether the extension was active before the first use (VS Code started it by itself). */
  activeBefore: boolean;
  /** Whether the tool call left it active. */
  activeAfter: boolean;
  /** The tool's answer, or what the call threw. */
  answer: string;
}

const RECORD = Symbol.for('platformConsole.integration.firstUse');
const holder = globalThis as { [RECORD]?: FirstUse };

/** The agent's way in: a tool call, as the chat agent makes it, in a window where nothing used the extension yet. */
export async function firstUseByToolCall(): Promise<void> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  const activeBefore = extension?.isActive ?? false;
  let answer: string;
  try {
    const result = await vscode.lm.invokeTool('list_connections', { input: {}, toolInvocationToken: undefined });
    answer = result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
  } catch (error) {
    answer = `threw: ${error instanceof Error ? error.message : String(error)}`;
  }
  holder[RECORD] = { activeBefore, activeAfter: extension?.isActive ?? false, answer };
}

export function firstUse(): FirstUse | undefined {
  return holder[RECORD];
}
