// The extension as the benches build it (`node esbuild.mjs --bench` bundles this as dist/extension.js):
// src/extension.ts with the benches' instruments and baselines handed to the features, chosen by the
// environment the bench gives the extension host. The shipped build bundles src/extension.ts alone.
import type * as vscode from 'vscode';
import { activate as activateExtension, type FeatureSeams } from '../../src/extension';
import { sampleHostMemory } from './hostMemory';
import { inspectHost } from './inspectHost';
import { LoadTimer, TIMINGS_FILE_ENV } from './profileLoadTimer';
import { pricingBaseline } from './pricingBaseline';

export * from '../../src/extension';

export function activate(context: vscode.ExtensionContext, loader: FeatureSeams = {}): ReturnType<typeof activateExtension> {
  const timings = process.env[TIMINGS_FILE_ENV];
  context.subscriptions.push({ dispose: sampleHostMemory(process.env) });
  inspectHost(process.env);
  return activateExtension(context, {
    ...loader,
    pricingSession: pricingBaseline(process.env),
    profileLoads: timings ? new LoadTimer(timings) : undefined,
  });
}
