// Types of fileOrder.mjs, for test/integration/index.ts (the project typechecks no .mjs).
export declare const ORDER_VARIABLE: 'PLATFORM_CONSOLE_TEST_ORDER';
export type FileOrder = { kind: 'sorted' } | { kind: 'reverse' } | { kind: 'shuffle'; seed: number };
export declare function parseOrder(value: string | undefined): FileOrder;
export declare function orderFiles(names: readonly string[], order: FileOrder, last?: readonly string[]): { files: string[]; description: string };
