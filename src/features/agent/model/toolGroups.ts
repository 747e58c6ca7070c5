// The groups of the agent tools, for `--tools` (toolSelection.ts), the setting
// platformConsole.mcp.tools and the docs' table of groups. Which tool is in which: toolGroupOf.ts.

/** The groups a person selects by (`edge` or `edge.*`), with what each holds in a few words. */
export const TOOL_GROUPS = {
  connections: 'the Platform Console connections (asks the platform nothing)',
  edge: 'FastEdge apps, binaries, templates, secrets, KV stores, logs, statistics, test requests, deploys',
  cloud: 'cloud projects and regions, secrets, snapshot policies and schedules, FaaS functions and their logs',
  protection: 'protection profiles and templates, DDoS attacks',
  storage: 'object and SFTP storages',
  reports: 'billing report tasks and results, trials',
  identity: 'free features, reseller notification settings',
  pricing: 'price previews of instances and load balancers',
} as const;

export type ToolGroup = keyof typeof TOOL_GROUPS;

export const TOOL_GROUP_NAMES = Object.keys(TOOL_GROUPS) as ToolGroup[];
