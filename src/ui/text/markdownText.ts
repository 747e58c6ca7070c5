// Server text in a Markdown tooltip is shown as text: no formatting, links or images of its own.
// One escaper for every tooltip that holds what the platform (or a person) wrote.

/** Escapes every character Markdown gives a meaning to. Null and undefined become ''. */
export function escapeMarkdown(text: string | number | null | undefined): string {
  return String(text ?? '').replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\${c}`);
}
