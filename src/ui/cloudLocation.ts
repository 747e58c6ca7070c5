// Project and region: the first two steps of every cloud flow. Picked from the platform's lists
// (the region by its display name) with the last choice on this connection first; typed where the
// server does not list them. Prefilled from `platformConsole.cloud.projectId` / `regionId`, which
// are remembered when they were not set. The regions are asked for as the project step opens: the
// person picks the project meanwhile, and the region step opens on its list (kept a minute).
import type { PlatformLists } from '../platform/platformLists';
import { projectRegionParams } from '../schema/cloud';
import { parseWholeNumber, wholeNumberProblem } from './fieldRules';
import { pickFromList } from './listPick';
import type { StepContext, WizardStep } from './wizard';

export interface CloudLocation {
  projectId?: number;
  regionId?: number;
}

export interface CloudDefaults {
  get(): CloudLocation;
  /** Saves the values that had no default yet (and, on a connection, the last choice there). */
  rememberMissing(location: Required<CloudLocation>): Promise<void>;
  /** The platform's lists to pick from; without them every id is typed. */
  readonly picks?: { lists: PlatformLists; logError: (error: unknown) => void };
}

type IdField = 'projectId' | 'regionId';

async function typedId(ctx: StepContext, label: string, field: IdField, current: number | undefined): Promise<number> {
  const { project_id, region_id } = projectRegionParams.shape;
  const text = await ctx.input({
    prompt: label,
    placeholder: `e.g. 1 (default: setting platformConsole.cloud.${field})`,
    value: String(current ?? ''),
    validate: (v) => wholeNumberProblem(field === 'projectId' ? project_id : region_id, v, label),
  });
  return parseWholeNumber(text)!;
}

export function cloudLocationSteps<S extends CloudLocation>(defaults: CloudDefaults): WizardStep<S>[] {
  const picks = defaults.picks;
  return [
    {
      prompt: async (s, ctx) => {
        const current = s.projectId ?? defaults.get().projectId;
        const typed = () => typedId(ctx, 'Project ID', 'projectId', current);
        // The next step's list, read while this one is answered (it never rejects: platformLists.ts).
        if (picks) void picks.lists.regions();
        s.projectId = picks
          ? await pickFromList(ctx, {
              noun: 'project',
              load: (fresh) => picks.lists.projects(fresh),
              missing: () => picks.lists.isMissing('listProjects'),
              logError: picks.logError,
              item: (p) => ({
                label: p.name ?? `project ${p.id}`,
                description: `ID ${p.id}${p.is_default ? ' · default' : ''}`,
                detail: p.description ?? undefined,
                value: p.id,
              }),
              current,
              typed,
            })
          : await typed();
      },
    },
    {
      prompt: async (s, ctx) => {
        const current = s.regionId ?? defaults.get().regionId;
        const typed = () => typedId(ctx, 'Region ID', 'regionId', current);
        s.regionId = picks
          ? await pickFromList(ctx, {
              noun: 'region',
              load: (fresh) => picks.lists.regions(fresh),
              missing: () => picks.lists.isMissing('listRegions'),
              logError: picks.logError,
              item: (r) => ({ label: r.display_name ?? `region ${r.id}`, description: `ID ${r.id}${r.country ? ` · ${r.country}` : ''}`, value: r.id }),
              current,
              typed,
            })
          : await typed();
      },
    },
  ];
}
