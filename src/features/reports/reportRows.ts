// The Report Tasks view's rows: one node per task, kept while the connection is the same (a
// redraw makes no new node; rowChunks.ts), told what changed when the tasks are merged again, so
// a poll or a running task's re-read redraws the rows that changed and not the list.
import type { TrackedReport } from './model/reportTasks';
import { ReportTaskNode } from './reportTaskNode';

export interface RowsChange {
  /** Tasks came, went or moved: the list's parent is redrawn. */
  reordered: boolean;
  /** Rows whose task changed in place: each redrawn alone. */
  changed: ReportTaskNode[];
}

export class ReportRows {
  /** The rows, newest first. */
  order: ReportTaskNode[] = [];
  private nodes = new Map<string, ReportTaskNode>();
  private connectionId: string | undefined;

  constructor(private readonly now: () => number) {}

  /** The rows for `tasks` (newest first) on `connectionId`: their nodes kept, what changed said. */
  update(connectionId: string | undefined, tasks: readonly TrackedReport[]): RowsChange {
    if (connectionId !== this.connectionId) {
      this.connectionId = connectionId;
      this.nodes = new Map();
    }
    const before = this.order;
    const changed: ReportTaskNode[] = [];
    const next = new Map<string, ReportTaskNode>();
    this.order =
      connectionId === undefined
        ? []
        : tasks.map((task) => {
            let node = this.nodes.get(task.uuid);
            if (!node) node = new ReportTaskNode(task, connectionId, this.now);
            else if (node.task !== task) {
              if (JSON.stringify(node.task) !== JSON.stringify(task)) changed.push(node);
              node.task = task;
            }
            next.set(task.uuid, node);
            return node;
          });
    this.nodes = next;
    const reordered = before.length !== this.order.length || before.some((node, i) => node !== this.order[i]);
    return { reordered, changed };
  }

  indexOf(uuid: string): number {
    return this.order.findIndex((n) => n.task.uuid === uuid.toLowerCase());
  }
}
