export function chromiumPath(): string;
export function chromiumIsInstalled(): boolean;
export function flowsChromiumPath(): string;
export const TEST_CHROMIUM_ARGS: readonly string[];
