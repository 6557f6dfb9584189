import {
  type DriveEstimateDetail,
  type DriveEstimateFile,
  type GmailMessage,
  type GoogleStatus,
  googleNotConnectedMessage,
} from '#domain/google.ts';
import type { GoogleConfig } from '#server/adapters/google/google-config.ts';
import { GoogleApiError } from '#server/adapters/google/google-errors.ts';
import type { GoogleWorkspace } from '#server/adapters/google/google-workspace.ts';

export interface GoogleDeps {
  config: GoogleConfig;
  google: GoogleWorkspace | null;
}

/** Whether Google is connected, and if not, which settings are missing. */
export function googleStatus({ config }: GoogleDeps): GoogleStatus {
  return config.kind === 'google'
    ? { connected: true, missing: [] }
    : { connected: false, missing: config.missing };
}

function connected({ config, google }: GoogleDeps): GoogleWorkspace {
  if (config.kind === 'google' && google) return google;
  throw new GoogleApiError(503, googleNotConnectedMessage(config.kind === 'none' ? config.missing : []));
}

export function listInbox(deps: GoogleDeps): Promise<GmailMessage[]> {
  return connected(deps).listInbox();
}

export function listDriveEstimates(deps: GoogleDeps): Promise<DriveEstimateFile[]> {
  return connected(deps).listDriveEstimates();
}

export async function getDriveEstimate(deps: GoogleDeps, fileId: string): Promise<DriveEstimateDetail> {
  try {
    return await connected(deps).getDriveEstimate(fileId);
  } catch (error) {
    if (error instanceof GoogleApiError && error.status === 404) {
      throw new GoogleApiError(404, 'Estimate not found in Drive.', error.detail);
    }
    throw error;
  }
}
