// Types for build-state.mjs, so TypeScript tests can import it.
export function sourceHash(root?: string): string;
export function buildState(root?: string): { needed: boolean; hash: string };
export function needsBuild(root?: string): boolean;
export function recordBuild(hash: string, root?: string): void;
