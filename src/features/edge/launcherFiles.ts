// The FastEdge Launcher's dotenv files of one folder, read as they are on disk now (a missing file
// is absent, not an error): what drift compares, Pull edits and checks again before writing.
import * as vscode from 'vscode';
import { LAUNCHER_FILES, type LauncherFile } from '../../ui/text/launcherDotenv';

export async function readLauncherFiles(folder: vscode.Uri): Promise<{ file: LauncherFile; text: string }[]> {
  const read = await Promise.all(
    LAUNCHER_FILES.map(async (file) => {
      const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, file)).then(
        (b) => b,
        () => undefined,
      );
      return bytes ? { file, text: new TextDecoder().decode(bytes) } : undefined;
    }),
  );
  return read.filter((f) => f !== undefined);
}
