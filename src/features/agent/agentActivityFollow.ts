// The extension follows the MCP servers' audit file (#56 item 6): the lines appended since this
// window started become this session's records, each mirrored into the connection log once.
// fs.watch on the folder (the bound renames a new file into place) and a poll as its fallback; a
// read never takes more than the file's bound, and a line that is not a record is skipped and counted.
import { watch, type FSWatcher } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { Disposable } from '../../ui/disposable';
import { parseRecordLine, type AgentWriteRecord } from './model/agentActivity';
import { readAuditLines, type AuditCursor } from './model/agentAuditFile';

/** How often the file is looked at when no watch event came (a watch may miss events, or not start). */
const POLL_MS = 2000;

export class AuditFileFollower extends Disposable {
  private cursor: AuditCursor | undefined;
  private reading: Promise<void> = Promise.resolve();
  private again = false;
  private busy = false;

  constructor(
    private readonly file: string,
    private readonly sessionStart: number,
    private readonly found: (record: AgentWriteRecord) => void,
    private readonly skipped: () => void,
  ) {
    super();
    const timer = setInterval(() => void this.read(), POLL_MS);
    timer.unref?.();
    this._register({ dispose: () => clearInterval(timer) });
    void this.start();
  }

  private async start(): Promise<void> {
    const folder = nodePath.dirname(this.file);
    const name = nodePath.basename(this.file);
    try {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      if (this.isDisposed) return;
      const watcher: FSWatcher = watch(folder, (_event, changed) => {
        if (!changed || changed.toString() === name) void this.read();
      });
      watcher.on('error', () => watcher.close());
      this._register({ dispose: () => watcher.close() });
    } catch {
      // No watch: the poll reads it.
    }
    await this.read();
  }

  /** Reads what was appended (one read at a time; a request meanwhile reads once more after it). */
  read(): Promise<void> {
    if (this.busy) {
      this.again = true;
      return this.reading;
    }
    this.busy = true;
    this.reading = (async () => {
      try {
        do {
          this.again = false;
          await this.readOnce();
        } while (this.again && !this.isDisposed);
      } finally {
        this.busy = false;
      }
    })();
    return this.reading;
  }

  private async readOnce(): Promise<void> {
    let read;
    try {
      read = await readAuditLines(this.file, this.cursor);
    } catch {
      return; // unreadable now: the next poll tries again
    }
    this.cursor = read.cursor;
    for (const line of read.lines) {
      const record = parseRecordLine(line);
      if (!record) this.skipped();
      // Written before this window started: not this session's.
      else if (Date.parse(record.time) >= this.sessionStart) this.found(record);
    }
  }
}
