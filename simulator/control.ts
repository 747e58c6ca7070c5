// The control API under /__sim/ (no API key; its own token, checked with the Host, Origin and body
// type in controlAccess.ts before a request gets here): faults, request counts, resets, options,
// function logs.
import type { ServerResponse } from 'node:http';
import * as z from 'zod';
import { FUNCTION_NAME_PATTERN } from '../src/schema/schemaKit';
import type { SimCore } from './core';
import { faultSpec } from './faults';
import type { FunctionRef } from './logs';
import { runtimeOptionsPatch } from './options';
import { jsonReply, writeReply, type Reply } from './reply';

const resetBody = z.strictObject({
  seed: z.int().optional(),
  profileCount: z.int().min(0).max(1_000_000).optional(),
  /** Also clear faults / request counts. */
  faults: z.boolean().optional(),
  requests: z.boolean().optional(),
});

const logsBody = z.strictObject({
  /** Lines to add at once, spread between the newest line and now. */
  append: z.int().min(0).max(5_000_000).optional(),
  /** This function's own rate; null goes back to the global rate. */
  ratePerSecond: z.number().min(0).max(100_000).nullable().optional(),
  /** Lines made from now on have messages of exactly this many characters (padded with a payload); null: as made. */
  messageLength: z.int().min(1).max(1_000_000).nullable().optional(),
});

const faultsBody = z.union([faultSpec, z.strictObject({ faults: z.array(faultSpec) })]);

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

function parse<T extends z.ZodType>(schema: T, text: string): z.output<T> {
  let value: unknown = {};
  if (text.trim()) {
    try {
      value = JSON.parse(text);
    } catch {
      throw new ControlError(400, 'body must be JSON');
    }
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
    throw new ControlError(400, 'invalid control request', issues);
  }
  return result.data;
}

function functionRef(segments: readonly string[]): FunctionRef {
  const [project, region, namespace, name] = segments;
  if (segments.length !== 4 || !/^\d+$/.test(project ?? '') || !/^\d+$/.test(region ?? '')) {
    throw new ControlError(404, 'expected /__sim/logs/<project_id>/<region_id>/<namespace>/<function>');
  }
  if (!FUNCTION_NAME_PATTERN.test(namespace ?? '') || !FUNCTION_NAME_PATTERN.test(name ?? '')) {
    throw new ControlError(400, `namespace and function names must match ${FUNCTION_NAME_PATTERN}`);
  }
  return { projectId: Number(project), regionId: Number(region), namespace: namespace!, name: name! };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ControlError(400, `bad path segment ${segment}`);
  }
}

function route(core: SimCore, method: string, segments: string[], url: URL, bodyText: string): Reply {
  const [area, ...rest] = segments;
  const now = core.now();
  const key = `${method} ${area ?? ''}`;
  switch (key) {
    case 'GET health':
      return jsonReply(200, { ok: true, dialect: core.dialect });
    case 'GET faults':
      return jsonReply(200, { faults: core.faults.list() });
    case 'POST faults': {
      const body = parse(faultsBody, bodyText);
      const specs = 'faults' in body ? body.faults : [body];
      return jsonReply(200, { faults: specs.map((spec) => core.faults.set(spec)) });
    }
    case 'DELETE faults':
      core.faults.clear(rest[0]);
      return jsonReply(200, { faults: core.faults.list() });
    case 'GET requests':
      if (rest[0] === 'last') return jsonReply(200, { last: core.requests.last(rest[1]) });
      return jsonReply(200, {
        counts: core.requests.counts(),
        byDialect: core.requests.byDialect(),
        byCredential: core.requests.byCredential(),
        total: core.requests.total(),
      });
    case 'DELETE requests':
      core.requests.reset();
      return jsonReply(200, { counts: {}, total: 0 });
    case 'POST reset': {
      const body = parse(resetBody, bodyText);
      core.reset({ seed: body.seed, profileCount: body.profileCount });
      if (body.faults) core.faults.clear();
      if (body.requests) core.requests.reset();
      return jsonReply(200, { seed: core.seed.seed, profileCount: core.seed.profileCount });
    }
    case 'GET options':
      return jsonReply(200, { ...core.runtime, ...core.seed });
    case 'PATCH options':
      core.setRuntime(parse(runtimeOptionsPatch, bodyText));
      return jsonReply(200, { ...core.runtime, ...core.seed });
    case 'GET logs': {
      if (rest.length === 0) return jsonReply(200, { functions: core.state.logs.list() });
      const since = Number(url.searchParams.get('since') ?? 0);
      const record = core.state.logs.record(functionRef(rest), now, core.runtime.logRatePerSecond, Number.isFinite(since) ? since : 0);
      if (!record) throw new ControlError(404, 'no such function');
      return jsonReply(200, record);
    }
    case 'POST logs': {
      const ref = functionRef(rest);
      const body = parse(logsBody, bodyText);
      const logs = core.state.logs;
      const rate = core.runtime.logRatePerSecond;
      logs.add(ref, now, rate);
      if (body.ratePerSecond !== undefined) logs.setRate(ref, body.ratePerSecond ?? undefined, now, rate);
      if (body.messageLength !== undefined) logs.setMessageLength(ref, body.messageLength ?? undefined, now, rate);
      if (body.append) logs.append(ref, body.append, now, rate);
      const record = logs.record(ref, now, rate, Number.MAX_SAFE_INTEGER);
      return jsonReply(200, { produced: record?.produced ?? 0, kept: record?.kept ?? 0, dropped: record?.dropped ?? 0 });
    }
    default:
      throw new ControlError(404, `no control endpoint ${method} /__sim/${segments.join('/')}`);
  }
}

export function serveControl(core: SimCore, method: string, url: URL, bodyText: string, res: ServerResponse): void {
  let reply: Reply;
  try {
    const segments = url.pathname.split('/').filter(Boolean).slice(1);
    reply = route(core, method, segments.map(decodeSegment), url, bodyText);
  } catch (error) {
    if (!(error instanceof ControlError)) throw error;
    reply = jsonReply(error.status, { error: error.message, ...(error.issues ? { issues: error.issues } : {}) });
  }
  writeReply(res, reply);
}
