export function startCommand(root: string): { nodeOptions: string[]; script: string };
