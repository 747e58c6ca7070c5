// The Report table panel's messages. Types and constants only: the webview bundle imports this
// file, so it stays free of `vscode`, the DOM and zod.
//
// The extension reads the report's JSON result as it arrives and forwards its rows in packed
// batches (packedRows.ts); it keeps none of them. Each (re)load of the page starts a new read (`generation`).
import type { PackedRows } from './packedRows';
import type { DeflatedRows } from './deflatedRows';

export type { ReportRowCell } from './packedRows';

export const REPORT_TABLE_VIEW_TYPE = 'platformConsole.reportTable';

/** What the header says about the report: its template, parameters and connection. */
export interface ReportTableInfo {
  uuid: string;
  connectionName: string;
  /** The template's code (or the task's name when the template is not known). */
  template: string;
  /** The task's parameters as text, in the order the platform gave them. */
  parameters: [string, string][];
  /** When the task was created (ISO 8601), if known. */
  createdAt?: string;
}

/** Extension -> webview. */
export type ReportTableEvent =
  /** A read begins: the page empties its table; `target` is what it saves for a reload. */
  | { type: 'start'; generation: number; target: { connectionId: string; uuid: string }; info: ReportTableInfo; sentAt: number }
  | { type: 'headers'; generation: number; headers: string[] }
  | { type: 'rows'; generation: number; rows: PackedRows | DeflatedRows; sentAt: number }
  | {
      type: 'done';
      generation: number;
      rowCount: number;
      bytes: number;
      /** The whole result was read; false when it stopped at the size limit. */
      complete: boolean;
      /** platformConsole.reports.maxTableMB, for "stopped at 256 MB". */
      maxMB: number;
    }
  | { type: 'failed'; generation: number; message: string; signIn?: boolean }
  | { type: 'notice'; text: string };

/** Webview -> extension notifications. */
export type ReportTableNotification =
  /** Read the result again. */
  | { type: 'reload' }
  /** The first rows of this generation are painted (the extension logs the time). */
  | { type: 'painted'; generation: number; ms: number }
  | { type: 'command'; command: 'saveAs' | 'showLog' | 'signIn' | 'settings' };

/** Webview -> extension requests. */
export type ReportTableRequests = {
  /** Puts the selected rows (tab-separated, with the header) on the clipboard. */
  copy: { params: { text: string; rows: number }; result: { copied: boolean; message: string } };
};

export type SortDirection = 'asc' | 'desc';

export interface ReportTableSort {
  column: number;
  direction: SortDirection;
}

/** What the page keeps across reloads: which report (connection by id only) and the person's view. */
export interface ReportTablePanelState {
  target?: { connectionId: string; uuid: string };
  filter?: string;
  sort?: ReportTableSort;
}

export const REPORT_FILTER_MAX = 1000;
export const REPORT_COPY_TEXT_MAX = 64 * 1024 * 1024;
