// Command-line flags -> options. Errors name the flag, never echo the key.
import { parseArgs } from 'node:util';
import { controlTokenProblem } from './controlToken';
import { parseFaultFlag } from './faults';
import { EDGE_TRAFFIC_PER_MINUTE_MAX, LOG_ORDERS, SIM_DIALECTS, type LogOrder, type SimDialect, type SimulatorOptions } from './options';

export const USAGE = `Usage: npm run simulator -- --api-key <key> [options]
  --port <n>                  port to listen on (0 = a free one; default 0)
  --host <addr>               address to bind (default 127.0.0.1)
  --dialect <spec|platform|both>  whose paths to serve (default both); in one dialect the
                              other's own paths answer 404
  --api-key <key>             the accepted key (or env SIMULATOR_API_KEY)
  --control-token <t>         X-Simulator-Token of the control API /__sim/ (or env
                              SIMULATOR_CONTROL_TOKEN; default: a random one, printed at start)
  --seed <n>                  data seed (default 1)
  --profile-count <n>         protection profiles to seed (default 250)
  --app-count <n>             more FastEdge apps of the account to seed (default 0)
  --secret-count <n>          more cloud secrets to seed in project 3, region 1 (default 0)
  --report-count <n>          more Completed report tasks to seed (default 0)
  --attack-count <n>          more DDoS events to seed over the last 29 days (default 0)
  --task-duration-ms <n>      secret task NEW -> FINISHED (default 3000)
  --report-duration-ms <n>    report Pending -> Completed (default 4000)
  --log-rate <n>              log lines per second per function (default 5)
  --log-order <asc|desc|shuffled>  order of a log batch (default asc)
  --hide-prices-project <n>   project whose prices are hidden (default 999)
  --edge-traffic <n>          calls a minute the simulator makes to each enabled edge app of
                              the account (0 to 60; default 0)
  --fault <route>=<kind>[:<arg>][@<times>]  repeatable, e.g. getTask=status:503@1`;

function integer(flag: string, value: string | undefined, min = 0): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || Number(value) < min) throw new Error(`--${flag} must be a whole number of at least ${min}`);
  return Number(value);
}

export function parseCliArgs(argv: readonly string[], env: NodeJS.ProcessEnv = {}): SimulatorOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      dialect: { type: 'string' },
      'api-key': { type: 'string' },
      'control-token': { type: 'string' },
      seed: { type: 'string' },
      'profile-count': { type: 'string' },
      'app-count': { type: 'string' },
      'secret-count': { type: 'string' },
      'report-count': { type: 'string' },
      'attack-count': { type: 'string' },
      'task-duration-ms': { type: 'string' },
      'report-duration-ms': { type: 'string' },
      'log-rate': { type: 'string' },
      'log-order': { type: 'string' },
      'hide-prices-project': { type: 'string' },
      'edge-traffic': { type: 'string' },
      fault: { type: 'string', multiple: true },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) throw new Error(USAGE);
  const apiKey = values['api-key'] ?? env.SIMULATOR_API_KEY;
  if (!apiKey) throw new Error(`--api-key is required\n${USAGE}`);
  const controlToken = values['control-token'] ?? env.SIMULATOR_CONTROL_TOKEN;
  const tokenProblem = controlToken === undefined ? undefined : controlTokenProblem(controlToken);
  if (tokenProblem) throw new Error(`${values['control-token'] === undefined ? 'SIMULATOR_CONTROL_TOKEN' : '--control-token'} ${tokenProblem}`);
  const dialect = values.dialect?.trim().toLowerCase();
  if (dialect !== undefined && !(SIM_DIALECTS as readonly string[]).includes(dialect)) throw new Error(`--dialect must be one of ${SIM_DIALECTS.join(', ')}`);
  const logOrder = values['log-order'];
  if (logOrder !== undefined && !(LOG_ORDERS as readonly string[]).includes(logOrder)) throw new Error(`--log-order must be one of ${LOG_ORDERS.join(', ')}`);
  const traffic = values['edge-traffic'];
  if (traffic !== undefined && !(/^\d+(\.\d+)?$/.test(traffic) && Number(traffic) <= EDGE_TRAFFIC_PER_MINUTE_MAX)) {
    throw new Error(`--edge-traffic must be a number of calls a minute from 0 to ${EDGE_TRAFFIC_PER_MINUTE_MAX}`);
  }
  const logRate = values['log-rate'];
  if (logRate !== undefined && !(Number(logRate) >= 0)) throw new Error('--log-rate must be a number of at least 0');
  return {
    apiKey,
    controlToken,
    port: integer('port', values.port),
    host: values.host,
    dialect: dialect as SimDialect | undefined,
    seed: integer('seed', values.seed, Number.MIN_SAFE_INTEGER),
    profileCount: integer('profile-count', values['profile-count']),
    appCount: integer('app-count', values['app-count']),
    secretCount: integer('secret-count', values['secret-count']),
    reportCount: integer('report-count', values['report-count']),
    attackCount: integer('attack-count', values['attack-count']),
    taskDurationMs: integer('task-duration-ms', values['task-duration-ms']),
    reportDurationMs: integer('report-duration-ms', values['report-duration-ms']),
    logRatePerSecond: logRate === undefined ? undefined : Number(logRate),
    logOrder: logOrder as LogOrder | undefined,
    hidePricesProjectId: integer('hide-prices-project', values['hide-prices-project'], Number.MIN_SAFE_INTEGER),
    edgeTrafficPerMinute: traffic === undefined ? undefined : Number(traffic),
    faults: (values.fault ?? []).map(parseFaultFlag),
  };
}
