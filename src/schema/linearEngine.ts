// Where the linear-time regular expression engine (linearRegex.ts, re2js) is reached from: at
// first use, never at start-up. In the extension it is a bundle of its own (dist/lazy/linearRegex.js,
// esbuild.mjs) whose evaluation costs tens of ms; in a webview the bundler inlines it, still
// evaluated only at the first call.
import type * as LinearRegex from './linearRegex';

// The webviews' type check has no Node types: require() as the bundlers read it.
declare const require: (id: string) => unknown;

export const linearEngine = (): typeof LinearRegex => require('./linearRegex') as typeof LinearRegex;
