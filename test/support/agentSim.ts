// What the agent tool tests share: a platform-dialect simulator reset before each test, a binding
// of the client to it, the tools by name, the writes it recorded, and a run of one tool whose
// confirmation is recorded (with what was sent meanwhile) and answered as the test says.
import assert from 'node:assert/strict';
import { after, before, beforeEach } from 'node:test';
import { createPlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { PlatformLists } from '../../src/platform/platformLists';
import { agentTool, confirmation, runTool, type RunHost } from '../../src/features/agent/model/toolCatalog';
import type { AgentBinding, AgentTool } from '../../src/features/agent/model/toolKit';
import type { Dialect } from '../../src/schema/dialect';
import { startSimulator, type Simulator } from '../../simulator/index';

export interface AgentSim {
  readonly sim: Simulator;
  readonly bound: AgentBinding;
  tool(name: string): AgentTool;
  /** Every request but GETs, as `METHOD route count`. */
  writes(): string[];
  /** Runs `name`; each confirmation is recorded and answered by `answer` (undefined: accepted; a name asked typed is typed right). */
  run(name: string, input: object, answer?: () => string | undefined): Promise<{ said: string; asked: { message: string; sentMeanwhile: string[] }[] }>;
}

/** Registers the hooks in the calling `describe`; the fields are ready inside its tests. `fileRoots`: the folders the file tools may read; `dialect`: the simulator's and the client's (platform unless said). */
export function agentSim(key: string, options: { fileRoots?: string[]; dialect?: Dialect } = {}): AgentSim {
  const dialect = options.dialect ?? 'platform';
  let sim: Simulator | undefined;
  let bound: AgentBinding | undefined;
  const host = { connections: async () => [], scrub: (t: string) => t.split(key).join('***') };
  before(async () => {
    sim = await startSimulator({ apiKey: key, dialect });
    const api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: key, dialect }));
    bound = {
      connectionName: 'Sim',
      baseUrl: sim.url,
      dialect,
      api,
      lists: new PlatformLists(api),
      signal: new AbortController().signal,
      ...(options.fileRoots ? { fileRoots: options.fileRoots } : {}),
    };
  });
  beforeEach(() => {
    sim!.reset();
    sim!.resetRequests();
  });
  after(() => sim?.close());
  const self: AgentSim = {
    get sim() {
      return sim!;
    },
    get bound() {
      return bound!;
    },
    tool(name) {
      const t = agentTool(name);
      assert.ok(t, `no tool ${name}`);
      return t;
    },
    writes: () =>
      Object.entries(sim!.requestCounts())
        .filter(([k]) => !k.startsWith('GET'))
        .map(([k, n]) => `${k} ${n}`),
    async run(name, input, answer = () => undefined) {
      const asked: { message: string; sentMeanwhile: string[] }[] = [];
      const h: RunHost = {
        ...host,
        confirm: async (req) => {
          asked.push({ message: confirmation(self.tool(name), req, bound!).message, sentMeanwhile: self.writes() });
          return answer();
        },
        // A thing whose name must be typed: the person types it (a test of a wrong name asks itself).
        askName: async () => undefined,
      };
      return { said: await runTool(self.tool(name), bound!, input, h), asked };
    },
  };
  return self;
}
