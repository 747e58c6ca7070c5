// Which contributed commands need a stand-in before the extension is loaded (lazyActivation.ts):
// those a person (or another extension's keybinding) can reach then. A command hidden from the
// palette, bound to no key and offered only in the menus of tree items needs none: tree items
// exist only once the real extension has drawn them, and it registers the command first.
// No VS Code import (unit-tested in plain Node).

export interface CommandContributions {
  contributes?: {
    commands?: { command: string }[];
    menus?: Record<string, { command?: string; when?: string }[]>;
    keybindings?: { command: string }[];
    viewsWelcome?: { contents: string }[];
  };
}

export function commandsNeedingStandIns(manifest: CommandContributions): string[] {
  const c = manifest.contributes ?? {};
  const hiddenFromPalette = new Set((c.menus?.commandPalette ?? []).filter((m) => m.when === 'false').map((m) => m.command));
  const elsewhere = new Set<string | undefined>();
  for (const [menu, items] of Object.entries(c.menus ?? {})) {
    if (menu === 'commandPalette' || menu === 'view/item/context') continue;
    for (const item of items) elsewhere.add(item.command);
  }
  const bound = new Set((c.keybindings ?? []).map((k) => k.command));
  const welcome = (c.viewsWelcome ?? []).map((w) => w.contents).join('\n');
  return (c.commands ?? [])
    .map(({ command }) => command)
    .filter((id) => !hiddenFromPalette.has(id) || elsewhere.has(id) || bound.has(id) || welcome.includes(`command:${id}`));
}
