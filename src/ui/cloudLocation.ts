// Project and region: the first two steps of every cloud flow, prefilled from
// `platformConsole.cloud.projectId` / `regionId` and remembered there when they were not set.
import { projectRegionParams } from '../schema/cloud';
import { parseWholeNumber, wholeNumberProblem } from './fieldRules';
import type { WizardStep } from './wizard';

export interface CloudLocation {
  projectId?: number;
  regionId?: number;
}

export interface CloudDefaults {
  get(): CloudLocation;
  /** Saves the values that had no default yet. */
  rememberMissing(location: Required<CloudLocation>): Promise<void>;
}

export function cloudLocationSteps<S extends CloudLocation>(defaults: CloudDefaults): WizardStep<S>[] {
  const { project_id, region_id } = projectRegionParams.shape;
  return [
    {
      prompt: async (s, ctx) => {
        const text = await ctx.input({
          prompt: 'Project ID',
          placeholder: 'e.g. 1 (default: setting platformConsole.cloud.projectId)',
          value: String(s.projectId ?? defaults.get().projectId ?? ''),
          validate: (v) => wholeNumberProblem(project_id, v, 'Project ID'),
        });
        s.projectId = parseWholeNumber(text);
      },
    },
    {
      prompt: async (s, ctx) => {
        const text = await ctx.input({
          prompt: 'Region ID',
          placeholder: 'e.g. 1 (default: setting platformConsole.cloud.regionId)',
          value: String(s.regionId ?? defaults.get().regionId ?? ''),
          validate: (v) => wholeNumberProblem(region_id, v, 'Region ID'),
        });
        s.regionId = parseWholeNumber(text);
      },
    },
  ];
}
