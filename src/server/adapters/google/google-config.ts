import { GOOGLE_SETTINGS, type GoogleSetting } from '#domain/google.ts';

/**
 * Gmail and Drive through the shop's Google account: on when all four GOOGLE_* settings are there.
 * Missing ones are not a start-up error: the admin's Google tab names them instead.
 */
export type GoogleConfig =
  | {
      kind: 'google';
      clientId: string;
      clientSecret: string;
      refreshToken: string;
      driveFolderId: string;
      /** Testing only: Google's REST endpoints and OAuth token endpoint at a local stand-in. */
      apiRootUrl: string | null;
      tokenUrl: string | null;
    }
  | { kind: 'none'; missing: GoogleSetting[] };

export type GoogleEnv = Partial<
  Record<GoogleSetting | 'GOOGLE_API_ROOT_URL' | 'GOOGLE_OAUTH_TOKEN_URL', string>
>;

export function googleConfig(e: GoogleEnv): GoogleConfig {
  const missing = GOOGLE_SETTINGS.filter((name) => !e[name]);
  if (missing.length > 0) return { kind: 'none', missing };
  return {
    kind: 'google',
    clientId: e.GOOGLE_CLIENT_ID ?? '',
    clientSecret: e.GOOGLE_CLIENT_SECRET ?? '',
    refreshToken: e.GOOGLE_REFRESH_TOKEN ?? '',
    driveFolderId: e.GOOGLE_DRIVE_FOLDER_ID ?? '',
    apiRootUrl: e.GOOGLE_API_ROOT_URL ?? null,
    tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL ?? null,
  };
}
