// The agent tools as the extension's manifest lists them (contributes.languageModelTools): what is
// registered at activation, and what the MCP tools setting is checked against, without the catalog.

/** The names of the tools the manifest contributes (`npm run tools:manifest` writes them from the catalog; a unit test checks they agree). */
export function contributedToolNames(packageJSON: unknown): string[] {
  const tools = (packageJSON as { contributes?: { languageModelTools?: { name: string }[] } } | undefined)?.contributes?.languageModelTools ?? [];
  return tools.map((t) => t.name);
}
