// Types of startOptions.mjs for the TypeScript that imports it (test/unit/startOptions.test.ts).
import type { NetworkInterfaceInfo } from 'node:os';

export const DEFAULT_HOST: string;
export const DEFAULT_PORT: number;
export const MIN_PASSWORD_LENGTH: number;
export class StartOptionError extends Error {}
export interface StartOptions {
  port: number;
  host: string;
  dialect: 'spec' | 'platform' | undefined;
  auth: 'none' | 'password';
  passwordFile: string | undefined;
}
export function isLoopbackHost(host: string): boolean;
export function isUnspecifiedHost(host: string): boolean;
export function parseStartOptions(argv: string[], env?: Record<string, string | undefined>): StartOptions;
export function randomPassword(): string;
export function readPasswordFile(file: string): string;
export function reachableOrigin(host: string, port: number, interfaces?: NodeJS.Dict<NetworkInterfaceInfo[]>, hostname?: string): string;
