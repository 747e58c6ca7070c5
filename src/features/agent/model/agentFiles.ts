// Files an agent names: an absolute path, and in the editor only inside an open workspace folder
// (a model must not reach the person's other files). A refusal names the input field.
import { realpath } from 'node:fs/promises';
import * as path from 'node:path';
import { PlatformError } from '../../../schema/errors';
import type { AgentBinding } from './toolKit';

export const refusedField = (field: string, message: string) => new PlatformError({ kind: 'validation', message: `${field} ${message}`, issues: [{ path: field, message }] });

/** The file's real path when the binding allows it; else a validation refusal before anything is sent. */
export async function allowedFile(b: AgentBinding, file: string, field: string, what: string): Promise<string> {
  if (!path.isAbsolute(file)) throw refusedField(field, `must be an absolute path to ${what}`);
  const real = await realpath(file).catch(() => file);
  if (b.fileRoots) {
    const roots = await Promise.all(b.fileRoots.map((r) => realpath(r).catch(() => r)));
    const inside = roots.some((root) => {
      const rel = path.relative(root, real);
      return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
    });
    if (!inside) throw refusedField(field, 'is outside the workspace folders: only a file in an open workspace folder can be used');
  }
  return real;
}
