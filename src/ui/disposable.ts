// One owner disposes what it made: a feature, a tree or a panel registers each listener,
// command and child with _register(), and disposing it disposes them all, newest first (the
// habit of vscode-pull-request-github's lifecycle.ts).

export interface IDisposable {
  dispose(): unknown;
}

export abstract class Disposable implements IDisposable {
  private readonly owned: IDisposable[] = [];
  private disposed = false;

  /** Owns `thing` from now on; after dispose(), whatever is registered is disposed at once. */
  protected _register<T extends IDisposable>(thing: T): T {
    if (this.disposed) thing.dispose();
    else this.owned.push(thing);
    return thing;
  }

  /** Owns each of `things` (listeners, commands, children), in order. */
  protected _registerAll(...things: IDisposable[]): void {
    for (const thing of things) this._register(thing);
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    // Newest first: a listener goes before the emitter it listens to.
    for (const thing of this.owned.splice(0).reverse()) {
      try {
        thing.dispose();
      } catch {
        // One failing dispose must not keep the rest alive.
      }
    }
  }
}

/** A Disposable for what a feature registers and owns, nothing more. */
export class DisposableStore extends Disposable {
  add<T extends IDisposable>(thing: T): T {
    return this._register(thing);
  }
}
