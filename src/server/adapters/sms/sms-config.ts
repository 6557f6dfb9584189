import path from 'node:path';

/** Texts go through Twilio when all three TWILIO_* settings are there, else to files in DATA_DIR/sms. */
export type SmsConfig =
  | {
      kind: 'twilio';
      accountSid: string;
      authToken: string;
      /** The sending number (E.164) or a Messaging Service SID ('MG…'). */
      from: string;
      /** Testing only: Twilio's REST API at a local stand-in. */
      apiBaseUrl: string | null;
    }
  | { kind: 'files'; dir: string };

export interface SmsEnv {
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_FROM?: string;
  TWILIO_API_BASE_URL?: string;
}

const TWILIO_SETTINGS = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;

/** Some but not all of the TWILIO_* settings: a start-up error naming the missing ones. */
export function smsConfigProblem(e: SmsEnv): string | null {
  const missing = TWILIO_SETTINGS.filter((name) => !e[name]);
  if (missing.length === 0 || missing.length === TWILIO_SETTINGS.length) return null;
  return `${missing.join(', ')}: set every TWILIO_* setting to send texts through Twilio, or none to write them to files`;
}

export function smsConfig(e: SmsEnv, dataDir: string): SmsConfig {
  if (e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM) {
    return {
      kind: 'twilio',
      accountSid: e.TWILIO_ACCOUNT_SID,
      authToken: e.TWILIO_AUTH_TOKEN,
      from: e.TWILIO_FROM,
      apiBaseUrl: e.TWILIO_API_BASE_URL ?? null,
    };
  }
  return { kind: 'files', dir: path.join(dataDir, 'sms') };
}
