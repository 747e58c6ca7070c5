// The audit file an MCP server appends its agent writes to (`--audit-file`), and how the editor
// reads what was appended: one JSON record a line, the file created 0600, bounded in bytes (past
// AUDIT_FILE_MAX_BYTES the newest half is kept, rewritten whole and renamed into place, so a
// reader never sees half a rewrite). Plain Node, no VS Code: the MCP server and the editor share it.
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import * as nodePath from 'node:path';

/** The most bytes the audit file holds before its older half goes. */
export const AUDIT_FILE_MAX_BYTES = 1024 * 1024;

/** The newest `bytes` of `data`, from the start of a whole line. */
export function newestLines(data: Buffer, bytes: number): Buffer {
  if (data.length <= bytes) return data;
  const from = data.length - bytes;
  // A cut that falls just after a newline keeps that line whole; else the partial line goes.
  if (data[from - 1] === 0x0a) return data.subarray(from);
  const newline = data.indexOf(0x0a, from);
  return newline < 0 ? Buffer.alloc(0) : data.subarray(newline + 1);
}

/** Appends one line (created 0600, its folder too); past `max` bytes the file keeps its newest half. Throws when it cannot write. */
export function appendAuditLine(path: string, line: string, max = AUDIT_FILE_MAX_BYTES): void {
  mkdirSync(nodePath.dirname(path), { recursive: true, mode: 0o700 });
  const fd = openSync(path, 'a', 0o600);
  let size: number;
  try {
    writeSync(fd, `${line}\n`);
    size = fstatSync(fd).size;
  } finally {
    closeSync(fd);
  }
  if (size > max) keepNewestHalf(path, max);
}

/** Rewrites the file with its newest half (whole lines), through a 0600 file renamed into place. */
function keepNewestHalf(path: string, max: number): void {
  const kept = newestLines(readFileSync(path), Math.floor(max / 2));
  const next = `${path}.${process.pid}.tmp`;
  writeFileSync(next, kept, { mode: 0o600 });
  renameSync(next, path);
}

/** Where a reader of the file is: the file it read (by inode) and the offset after the last whole line. */
export interface AuditCursor {
  readonly ino: number;
  readonly offset: number;
}

/** The whole lines appended since `cursor` (at most `max` bytes of them: older ones are left out), and the cursor after them. */
export async function readAuditLines(
  path: string,
  cursor: AuditCursor | undefined,
  max = AUDIT_FILE_MAX_BYTES,
): Promise<{ lines: string[]; cursor: AuditCursor | undefined }> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return { lines: [], cursor: undefined };
  }
  // Another file in its place (the bound rewrote it) or a shorter one: read it from its start.
  const from = cursor && cursor.ino === info.ino && cursor.offset <= info.size ? cursor.offset : 0;
  const start = Math.max(from, info.size - max);
  if (start >= info.size) return { lines: [], cursor: { ino: info.ino, offset: from } };
  const handle = await open(path, 'r');
  let data: Buffer;
  try {
    // One byte before the start says whether the start is a line's beginning.
    const at = start > 0 ? start - 1 : 0;
    data = Buffer.alloc(info.size - at);
    const { bytesRead } = await handle.read(data, 0, data.length, at);
    data = data.subarray(0, bytesRead);
    if (start > 0) data = data[0] === 0x0a ? data.subarray(1) : data.subarray(data.indexOf(0x0a) + 1 || data.length);
  } finally {
    await handle.close();
  }
  const end = data.lastIndexOf(0x0a);
  if (end < 0) return { lines: [], cursor: { ino: info.ino, offset: info.size - data.length } };
  const lines = data
    .subarray(0, end)
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  return { lines, cursor: { ino: info.ino, offset: info.size - data.length + end + 1 } };
}
