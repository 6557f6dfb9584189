export function chromiumPath(): string;
export function chromiumIsInstalled(): boolean;
