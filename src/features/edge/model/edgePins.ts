// What the Edge view holds: the ids a person pinned, per connection. The API reads edge objects
// one at a time by id (no list call), so these pins are the view's whole content.
import { TOO_LARGE } from '../../../schema/schemaKit';

export type EdgeKind = 'client' | 'app' | 'template';
export const EDGE_KINDS: readonly EdgeKind[] = ['client', 'app', 'template'];

export type EdgePins = Record<EdgeKind, number[]>;

/** Names used in prompts, labels and messages. */
export const EDGE_KIND_NAMES: Record<EdgeKind, { noun: string; title: string; plural: string; group: string }> = {
  client: { noun: 'client', title: 'Client', plural: 'clients', group: 'Clients' },
  app: { noun: 'app', title: 'App', plural: 'apps', group: 'Apps' },
  template: { noun: 'template', title: 'Template', plural: 'templates', group: 'Templates' },
};

/** globalState key of one connection's pins (the connection id, never its key). */
export const EDGE_PINS_KEY_PREFIX = 'platformConsole.edge.pins.';
export const edgePinsKey = (connectionId: string): string => `${EDGE_PINS_KEY_PREFIX}${connectionId}`;

export function emptyPins(): EdgePins {
  return { client: [], app: [], template: [] };
}

const isPinnableId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** Reads stored pins leniently: anything that is not a list of positive ids is dropped. */
export function readPins(raw: unknown): EdgePins {
  const pins = emptyPins();
  if (typeof raw !== 'object' || raw === null) return pins;
  for (const kind of EDGE_KINDS) {
    const list = (raw as Record<string, unknown>)[kind];
    if (Array.isArray(list)) pins[kind] = [...new Set(list.filter(isPinnableId))];
  }
  return pins;
}

/** Adds ids at the end of their group, in the order given; ids already pinned stay where they are. */
export function addPins(pins: EdgePins, kind: EdgeKind, ids: readonly number[]): { pins: EdgePins; added: number[]; already: number[] } {
  const existing = new Set(pins[kind]);
  const added: number[] = [];
  const already: number[] = [];
  for (const id of new Set(ids)) (existing.has(id) ? already : added).push(id);
  return { pins: { ...clonePins(pins), [kind]: [...pins[kind], ...added] }, added, already };
}

export function removePin(pins: EdgePins, kind: EdgeKind, id: number): EdgePins {
  return { ...clonePins(pins), [kind]: pins[kind].filter((p) => p !== id) };
}

export function pinCount(pins: EdgePins): number {
  return EDGE_KINDS.reduce((n, kind) => n + pins[kind].length, 0);
}

function clonePins(pins: EdgePins): EdgePins {
  return { client: [...pins.client], app: [...pins.app], template: [...pins.template] };
}

/**
 * Ids typed in a box: one or several, separated by commas or spaces ("101, 102"). Each must be a
 * positive whole number a JavaScript number holds exactly (the platform's int64 ids, up to 2^53-1).
 * Returns the ids (duplicates dropped) or a "Label: rule" problem.
 */
export function parseEdgeIds(text: string, label: string): { ids: number[] } | { problem: string } {
  const parts = text.split(/[\s,]+/).filter((p) => p !== '');
  if (parts.length === 0) return { problem: `${label}: must not be empty` };
  const ids: number[] = [];
  for (const part of parts) {
    const problem = idProblem(part.replace(/^#/, ''));
    if (problem) return { problem: `${label}: ${parts.length > 1 ? `"${part}" ` : ''}${problem}` };
    const id = Number(part.replace(/^#/, ''));
    if (!ids.includes(id)) ids.push(id);
  }
  return { ids };
}

function idProblem(part: string): string | undefined {
  if (!/^\+?\d+$/.test(part)) return 'must be a positive whole number';
  const digits = part.replace(/^\+/, '').replace(/^0+(?=\d)/, '');
  if (/^0+$/.test(digits)) return 'must be at least 1';
  if (digits.length > 16 || !Number.isSafeInteger(Number(digits))) return TOO_LARGE;
  return undefined;
}
