// The MCP server's cloud project and region when a call leaves them out (#56 item 4): the ones its
// environment names (GCORE_CLOUD_PROJECT_ID, GCORE_CLOUD_REGION_ID, src/schema/environmentNames.ts).
// The tools' own schemas keep both required (the editor's chat has no such default); the MCP
// server lists them optional, saying the default, and fills them in before the input is checked.
import type { AgentTool } from './toolKit';

export interface ToolLocation {
  readonly projectId?: number;
  readonly regionId?: number;
}

const FIELDS = [
  ['project_id', 'projectId', 'GCORE_CLOUD_PROJECT_ID'],
  ['region_id', 'regionId', 'GCORE_CLOUD_REGION_ID'],
] as const;

/** The fields this tool takes that the location gives a default for. */
function defaulted(tool: AgentTool, location: ToolLocation) {
  return FIELDS.filter(([field, key]) => location[key] !== undefined && field in tool.input.shape);
}

/** The call's arguments with the project and region filled in where the model left them out (never replacing one it gave). */
export function withLocationDefaults(tool: AgentTool, args: Record<string, unknown> | undefined, location: ToolLocation): Record<string, unknown> | undefined {
  const missing = defaulted(tool, location).filter(([field]) => args?.[field] === undefined);
  if (missing.length === 0) return args;
  return { ...args, ...Object.fromEntries(missing.map(([field, key]) => [field, location[key]])) };
}

/** The input schema as the MCP server lists it: a defaulted field not required, its description saying the default and where it comes from. */
export function listedInputSchema(tool: AgentTool, schema: Record<string, unknown>, location: ToolLocation): Record<string, unknown> {
  const fields = defaulted(tool, location);
  if (fields.length === 0) return schema;
  const properties = { ...(schema.properties as Record<string, Record<string, unknown>>) };
  for (const [field, key, variable] of fields) {
    const described = typeof properties[field]?.description === 'string' ? `${properties[field].description}. ` : '';
    properties[field] = { ...properties[field], description: `${described}Leave out to use ${location[key]} (${variable})` };
  }
  const names = fields.map(([field]) => field as string);
  const required = Array.isArray(schema.required) ? (schema.required as string[]).filter((r) => !names.includes(r)) : undefined;
  return { ...schema, properties, ...(required ? { required } : {}) };
}

/** What the server says on stderr about the defaults, when there are any. */
export function locationDefaultsNote(location: ToolLocation): string[] {
  const given = FIELDS.filter(([, key]) => location[key] !== undefined).map(([field, key, variable]) => `${field} ${location[key]} (${variable})`);
  return given.length ? [`cloud tools use ${given.join(' and ')} when a call leaves them out`] : [];
}
