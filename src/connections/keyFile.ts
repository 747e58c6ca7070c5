// The key file of the environment sign-in (PLATFORM_CONSOLE_API_KEY_FILE, environmentKey.ts): read
// once, refused when others could read it, when it is a link or anything but one short text, and
// deleted once the key is stored (`done`). No VS Code import: unit-tested as is.
import { closeSync, constants, fstatSync, openSync, readFileSync, rmSync } from 'node:fs';
import { ENV_API_KEY_FILE } from '../schema/connectionRules';

/** A key file holds one key: anything longer is not one. */
export const MAX_KEY_FILE_BYTES = 4096;

export interface KeyFileRead {
  /** The key; undefined when the file was read already or refused. */
  readonly key?: string;
  /** Why it was refused: the variable, the file and the rule. */
  readonly problem?: string;
  /** The file was not there: read already, by an earlier start of this window or by another window. */
  readonly alreadyRead?: boolean;
  /** Deletes the file (once the key is stored, or was not wanted); returns what went wrong, if anything. */
  done(): string | undefined;
}

const nothingToDelete = (): undefined => undefined;

export function readKeyFile(file: string): KeyFileRead {
  const refused = (rule: string): KeyFileRead => ({ problem: `${ENV_API_KEY_FILE}: ${file} ${rule}`, done: nothingToDelete });
  let fd: number;
  try {
    // O_NOFOLLOW: a link put in the file's place is refused, not followed (ELOOP); O_NONBLOCK: a
    // pipe put there cannot hold the extension host (a file ignores it).
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { alreadyRead: true, done: nothingToDelete };
    return refused(code === 'ELOOP' ? 'must be a file, not a link' : `cannot be read (${code ?? String(error)})`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return refused('must be a file');
    if (process.platform !== 'win32') {
      if ((stat.mode & 0o077) !== 0) return refused(`must be readable by its owner only (mode 600), it is ${(stat.mode & 0o777).toString(8)}`);
      if (process.getuid && stat.uid !== process.getuid()) return refused('must belong to the user VS Code runs as');
    }
    if (stat.size > MAX_KEY_FILE_BYTES) return refused(`must hold the key alone (at most ${MAX_KEY_FILE_BYTES} bytes), it has ${stat.size}`);
    const key = readFileSync(fd, 'utf8').trim();
    if (!key) return refused('is empty');
    if (/\s/.test(key)) return refused('must hold the key alone, on one line without spaces');
    return { key, done: () => deleteKeyFile(file) };
  } finally {
    closeSync(fd);
  }
}

function deleteKeyFile(file: string): string | undefined {
  try {
    rmSync(file, { force: true });
    return undefined;
  } catch (error) {
    return `${ENV_API_KEY_FILE}: could not delete ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)}): delete it yourself`;
  }
}
