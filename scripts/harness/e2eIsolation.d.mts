// Types of e2eIsolation.mjs, for test/unit/e2eIsolation.test.ts (the project typechecks no .mjs).
export declare const REMEMBERED_SETTINGS: readonly string[];
export type UserDataSnapshot = Map<string, Buffer>;
export declare function userDataSnapshot(userData: string, extensionIds: readonly string[]): Promise<UserDataSnapshot>;
export declare function userDataLeftovers(userData: string, extensionIds: readonly string[], baseline: UserDataSnapshot): Promise<string[]>;
export declare function restoreUserData(userData: string, extensionIds: readonly string[], baseline: UserDataSnapshot): Promise<void>;
export declare function parseSettings(bytes: Buffer | undefined): Record<string, unknown>;
export declare function endExtensionHosts(serverPid: number): Promise<number>;
export declare function globalStateLeftovers(leftFile: string, harnessUrl: string): Promise<string[]>;
