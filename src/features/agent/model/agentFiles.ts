// Files an agent names: an absolute path inside the folders the person allowed (the editor's
// workspace folders; the MCP server's --file-root folders; none: no file is read). The path is
// checked as written (`..` resolved) before anything on disk is touched, then by its real path
// (links resolved), then opened once without following a link and checked again by what the
// system says was opened. A refusal names the input field, and says the same for a missing file
// and a link leading outside, so nothing is learned of files outside the folders.
import { readlink, realpath } from 'node:fs/promises';
import * as path from 'node:path';
import { openRegularFile, type OpenedFile } from '../../../platform/fileSeal';
import { PlatformError } from '../../../schema/errors';
import type { AgentBinding } from './toolKit';

export const refusedField = (field: string, message: string) =>
  new PlatformError({ kind: 'validation', message: `${field} ${message}`, issues: [{ path: field, message }] });

/** `file` is `root` or below it (`..x` is a name, `../x` is not). */
function isInside(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

/** How the refusals name the allowed folders: the editor's workspace, or the MCP flag. */
function wording(b: AgentBinding) {
  const flag = b.fileRootsFlag;
  return flag
    ? {
        folders: `the folders given with ${flag}`,
        none: `cannot be used: this server was started without ${flag}, so no file is read (start it with ${flag} <folder> for each folder it may read)`,
      }
    : { folders: 'the workspace folders', none: 'cannot be used: no workspace folder is open, and only a file in an open workspace folder can be used' };
}

/** The file opened for reading (the caller closes it) with its real path, when the binding allows it; else a validation refusal, nothing read. */
export async function openAllowedFile(b: AgentBinding, file: string, field: string, what: string): Promise<OpenedFile & { real: string }> {
  if (!path.isAbsolute(file)) throw refusedField(field, `must be an absolute path to ${what}`);
  const words = wording(b);
  const given = (b.fileRoots ?? []).map((r) => path.resolve(r));
  if (given.length === 0) throw refusedField(field, words.none);
  const roots = [...new Set([...given, ...(await Promise.all(given.map((r) => realpath(r).catch(() => r))))])];
  const asWritten = path.resolve(file);
  if (!roots.some((root) => isInside(root, asWritten))) throw refusedField(field, `is outside ${words.folders}: only a file inside them can be used`);
  // One answer for "not there" and "a link leads out": the refusal says nothing of what is outside.
  const notInside = () => refusedField(field, `is not a file inside ${words.folders} (there is no such file there, or a link in its path leads outside them)`);
  const real = await realpath(asWritten).catch(() => undefined);
  if (real === undefined || !roots.some((root) => isInside(root, real))) throw notInside();
  const opened = await openRegularFile(real);
  if (!opened.ok) throw refusedField(field, `cannot be used: ${opened.problem}`);
  // What was opened, as the system names it (Linux): a folder swapped for a link meanwhile is caught here.
  const where = await readlink(`/proc/self/fd/${opened.file.handle.fd}`).catch(() => undefined);
  if (where !== undefined && !roots.some((root) => isInside(root, where))) {
    await opened.file.handle.close();
    throw notInside();
  }
  return { ...opened.file, real };
}

/**
 * Some files of one folder the agent names, each read only inside the allowed folders (as
 * openAllowedFile reads one): the folder is refused when it is outside them; a file that is not
 * there (or whose link leads outside) is left out; one larger than `maxBytes` is refused.
 */
export async function readAllowedFolderFiles<N extends string>(
  b: AgentBinding,
  folder: string,
  names: readonly N[],
  field: string,
  maxBytes: number,
): Promise<{ name: N; text: string }[]> {
  if (!path.isAbsolute(folder)) throw refusedField(field, 'must be an absolute path to a folder');
  const words = wording(b);
  const given = (b.fileRoots ?? []).map((r) => path.resolve(r));
  if (given.length === 0) throw refusedField(field, words.none);
  const asWritten = path.resolve(folder);
  // The folder may be an allowed folder itself, or inside one.
  if (!given.some((root) => root === asWritten || isInside(root, asWritten)))
    throw refusedField(field, `is outside ${words.folders}: only a folder inside them can be used`);
  const out: { name: N; text: string }[] = [];
  for (const name of names) {
    let opened: OpenedFile & { real: string };
    try {
      opened = await openAllowedFile(b, path.join(asWritten, name), field, 'a file');
    } catch (error) {
      if (error instanceof PlatformError && /is not a file inside|cannot be used: it/.test(error.message)) continue;
      throw error;
    }
    try {
      if (opened.info.size > maxBytes) throw refusedField(field, `holds ${name} of ${opened.info.size} bytes: a file read here is at most ${maxBytes}`);
      const bytes = Buffer.alloc(maxBytes + 1);
      const { bytesRead } = await opened.handle.read(bytes, 0, bytes.length, 0);
      if (bytesRead > maxBytes) throw refusedField(field, `holds ${name}, which grew past ${maxBytes} bytes: a file read here is at most that`);
      out.push({ name, text: bytes.subarray(0, bytesRead).toString('utf8') });
    } finally {
      await opened.handle.close();
    }
  }
  return out;
}
