import type { GoogleConfig } from './google-config.ts';
import { GoogleWorkspace } from './google-workspace.ts';

/** Null when Google is not connected: the panel says which settings are missing, Drive saves are off. */
export function createGoogleWorkspace(config: GoogleConfig): GoogleWorkspace | null {
  return config.kind === 'google' ? new GoogleWorkspace(config) : null;
}
