// What differs in the answers themselves between the dialects, beyond the paths: the handlers
// build one answer from the shared state, and this turns it into the dialect's shape.
// Facts from the platform's published OpenAPI files.
import type { Dialect } from '../src/schema/dialect';
import type { EndpointName } from '../src/schema/endpoints';

type Shaper = (body: unknown) => unknown;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The spec's task carries `status`; the platform's carries `state` (NEW, RUNNING, FINISHED, ERROR). */
function specTask(body: unknown): unknown {
  if (!isRecord(body)) return body;
  const { state, ...rest } = body;
  return { ...rest, status: state };
}

/** The platform's profile list items carry no field values (its list schema has no `fields`). */
function platformProfileList(body: unknown): unknown {
  if (!Array.isArray(body)) return body;
  return body.map((item: unknown) => {
    if (!isRecord(item)) return item;
    const { fields: _fields, ...rest } = item;
    return rest;
  });
}

/** The paged list's results, without field values, as /all's. */
function platformProfilePage(body: unknown): unknown {
  return isRecord(body) ? { ...body, results: platformProfileList(body.results) } : body;
}

const SHAPERS: Record<Dialect, Partial<Record<EndpointName, Shaper>>> = {
  spec: { getTask: specTask },
  platform: { listProtectionProfiles: platformProfileList, listProtectionProfilesPaged: platformProfilePage },
};

export function shapeFor(name: EndpointName, body: unknown, dialect: Dialect): unknown {
  const shaper = SHAPERS[dialect][name];
  return shaper ? shaper(body) : body;
}
