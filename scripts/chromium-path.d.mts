export function chromiumPath(): string;
export function chromiumIsInstalled(): boolean;
export function flowsChromiumPath(): string;
