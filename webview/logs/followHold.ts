// What holds a following log list still, so that a click lands on the line that was under the
// pointer: the pointer over the list, or a row selected. The pill or End lets a selection go
// (following again with the row still selected) until the next click or key picks rows again.

export class FollowHold {
  /** The pointer is over the list. */
  pointerIn = false;
  private selectionLetGo = false;

  constructor(private readonly selected: () => number) {}

  held(): boolean {
    return this.pointerIn || (this.selected() > 0 && !this.selectionLetGo);
  }

  /** A click or key picked rows (`letGo`: End went to the newest line, which follows). */
  picked(letGo = false): void {
    this.selectionLetGo = letGo;
  }

  /** The pill or Ctrl+End: follow, whatever is selected. */
  letGo(): void {
    this.selectionLetGo = true;
  }
}
