// The house's borders as a lint rule (see docs/architecture.md): which room may import which.
// A room is found from a file's path; an import is resolved relative to the importing file.
import { statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.dirname(new URL(import.meta.url).pathname);

/** The room a file (absolute path) lives in, or undefined outside the checked tree. */
export function roomOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  if (rel === 'src/extension.ts') return { name: 'extension' };
  if (rel === 'src/mcp.ts') return { name: 'mcp' };
  if (rel === 'src/main.ts' || rel.startsWith('src/loader/')) return { name: 'loader' };
  if (rel.startsWith('src/schema/')) return { name: 'schema' };
  if (rel.startsWith('src/platform/')) return { name: 'platform' };
  if (rel.startsWith('src/protocol/')) return { name: 'protocol' };
  if (rel.startsWith('src/connections/')) return { name: 'connections' };
  if (rel.startsWith('src/operations/')) return { name: 'operations' };
  if (rel.startsWith('src/ui/text/')) return { name: 'text' };
  if (rel.startsWith('src/ui/')) return { name: 'ui' };
  const feature = /^src\/features\/([^/]+)\/(model\/)?/.exec(rel);
  if (feature) return { name: feature[2] ? 'model' : 'feature', feature: feature[1], index: rel === `src/features/${feature[1]}/index.ts` };
  if (rel.startsWith('webview/')) return { name: 'webview' };
  return undefined;
}

/** What each room may import, by room name; `ownFeature` rooms only within their feature. */
const ALLOWED = {
  schema: ['schema'],
  platform: ['schema', 'platform'],
  protocol: ['schema', 'protocol'],
  text: ['text'],
  connections: ['schema', 'platform', 'text', 'connections'],
  operations: ['schema', 'platform', 'text', 'operations'],
  ui: ['schema', 'platform', 'protocol', 'text', 'connections', 'operations', 'ui'],
  model: ['schema', 'platform', 'protocol', 'text', 'operations', 'model'],
  feature: ['schema', 'platform', 'protocol', 'text', 'connections', 'operations', 'ui', 'model', 'feature'],
  extension: ['connections', 'ui', 'feature'],
  mcp: ['schema', 'platform', 'operations', 'model'],
  loader: ['loader'],
  webview: ['webview', 'protocol', 'schema'],
};

const NO_VSCODE = new Set(['schema', 'platform', 'protocol', 'text', 'operations', 'model', 'webview', 'mcp', 'loader']);

const WHY = {
  schema: 'src/schema is the API described: no I/O, no VS Code, nothing above it',
  platform: 'src/platform talks HTTP in plain Node: it may use src/schema, never VS Code or the editor rooms',
  protocol: 'src/protocol is shared with the webviews: it may use src/schema only',
  connections:
    'src/connections holds the connections, their keys and durable state as services: ' +
    'it may use src/schema, src/platform and src/ui/text, never the editor pieces (src/ui) or a feature',
  operations:
    'src/operations describes each write once for the command, the chat tool and MCP: ' +
    'no VS Code, no editor pieces (src/ui), no feature; it may use src/schema, src/platform and src/ui/text',
  text: 'src/ui/text is pure text shared by models and views: no VS Code, nothing else',
  ui: 'src/ui holds what every feature shares: it never reaches into a feature',
  model: "a feature's model/ is its pure logic: no VS Code, no editor pieces (src/ui), no other feature",
  feature: 'features never import each other: what two share belongs in src/connections, src/ui, src/schema, src/protocol or src/ui/text',
  extension: 'extension.ts lists the features: it activates each through its index.ts',
  webview: 'webview code shares only src/protocol and src/schema with the extension',
  loader: "src/main.ts is the manifest's main: it compiles the extension bundle with its code cache (src/loader) and holds no feature code",
  mcp: 'src/mcp.ts is the MCP server outside the editor: the agent tool catalog (agent/model) over the client, no VS Code',
};

/** `./a/b` -> `./a/b.ts` or `./a/b/index.ts`, as the bundler finds it. */
/** "feature (edge)", "schema": a room as its messages name it. */
const roomName = (room) => `${room.name}${room.feature ? ` (${room.feature})` : ''}`;

function resolveImport(target) {
  for (const candidate of [target, `${target}.ts`, path.join(target, 'index.ts')])
    if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  return target;
}

const rule = {
  meta: { type: 'problem', docs: { description: 'keeps the rooms of the house apart' }, schema: [] },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const from = roomOf(path.resolve(file));
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      if (source === 'vscode') {
        if (NO_VSCODE.has(from.name)) context.report({ node, message: `No 'vscode' here: ${WHY[from.name]}.` });
        return;
      }
      if (!source.startsWith('.')) return;
      const to = roomOf(resolveImport(path.resolve(path.dirname(file), source)));
      if (!to) {
        context.report({ node, message: `'${source}' is outside the rooms of src/ and webview/: ${WHY[from.name]}.` });
        return;
      }
      let allowed = ALLOWED[from.name].includes(to.name);
      if (allowed && (to.name === 'feature' || to.name === 'model') && from.feature !== undefined && to.feature !== from.feature) allowed = false;
      if (allowed && from.name === 'extension' && to.name === 'feature' && !to.index) allowed = false;
      if (allowed && from.name === 'mcp' && to.name === 'model' && to.feature !== 'agent') allowed = false;
      if (!allowed)
        context.report({
          node,
          message: `${roomName(from)} may not import ${roomName(to)} ('${source}'): ${WHY[from.name]}.`,
        });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export const roomsPlugin = { rules: { rooms: rule } };
