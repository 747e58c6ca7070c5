// The Function Logs toolbar's pop-up menus (pods, export, and "More Actions" when the panel is narrow): which one is open,
// closing it on a click outside or on Escape (the keyboard back on the button that opened it), and the arrow keys inside it.

export type MenuName = 'pods' | 'export' | 'more';

/** What the menus need of the page: its elements, and a redraw. */
interface MenuRoot {
  querySelector<E extends HTMLElement>(selector: string): E | null;
  readonly updateComplete: Promise<unknown>;
  requestUpdate(): void;
}

export class ToolbarMenus {
  /** The open menu; at most one at a time. */
  open: MenuName | undefined;

  constructor(private readonly root: MenuRoot) {}

  toggle(menu: MenuName): void {
    this.open = this.open === menu ? undefined : menu;
    this.root.requestUpdate();
  }

  /** Closes the open menu; `refocus`: the keyboard goes back to the button that opened it (Escape, an item chosen). */
  close(refocus = false): boolean {
    if (this.open === undefined) return false;
    const opener = refocus ? this.root.querySelector<HTMLElement>(`[data-testid="${this.open}"]`) : null;
    this.open = undefined;
    this.root.requestUpdate();
    void this.root.updateComplete.then(() => opener?.focus());
    return true;
  }

  /** A mouse press outside the open menu and its button closes it. */
  readonly onDocumentMouseDown = (e: MouseEvent): void => {
    if (this.open === undefined || (e.target as HTMLElement | null)?.closest?.('.menu-anchor')) return;
    this.close();
  };
}

/** Up and Down move between a menu's items, Home and End to the first and last (the ARIA menu pattern); Tab still leaves. */
export function menuKey(e: KeyboardEvent): void {
  const menu = (e.currentTarget as HTMLElement | null) ?? undefined;
  if (!menu) return;
  const items = [...menu.querySelectorAll<HTMLElement>('.menu-item')];
  if (items.length === 0) return;
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next: Record<string, number> = { ArrowDown: (at + 1) % items.length, ArrowUp: (at - 1 + items.length) % items.length, Home: 0, End: items.length - 1 };
  if (!(e.key in next)) return;
  e.preventDefault();
  e.stopPropagation();
  items[next[e.key]!]!.focus();
}
