export function restartWithTwoMallocArenas(): void;
