export function staleBuildReason(root: string): string | null;
export function ensureBuild(root: string): void;
