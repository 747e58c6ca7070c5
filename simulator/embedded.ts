// The simulator as the extension runs it for *Try the Simulator*: its own lazy bundle,
// dist/lazy/simulator.js (esbuild.mjs lazyEntries), required only when a person runs the command.
// Everything it serves is made in memory from its seed: the .vsix ships no simulator/ folder.
export { startSimulator } from './index';
