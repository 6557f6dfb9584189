import { Link2Off } from 'lucide-react';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import type { GoogleSetting } from '#domain/google.ts';

const WHAT_EACH_IS: Record<GoogleSetting, string> = {
  GOOGLE_CLIENT_ID: "the OAuth client's ID from Google Cloud Console",
  GOOGLE_CLIENT_SECRET: "that OAuth client's secret",
  GOOGLE_REFRESH_TOKEN: "a refresh token for the shop's Google account (Gmail read-only and Drive)",
  GOOGLE_DRIVE_FOLDER_ID: 'the ID of the Drive folder quoted estimates are saved in',
};

/** Google is simply not set up yet: say so, and name the settings to add. */
export function GoogleNotConnected({ missing }: { missing: GoogleSetting[] }) {
  return (
    <Card className="max-w-3xl">
      <CardContent className="space-y-4 pt-5">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100">
            <Link2Off className="size-5 text-slate-600" aria-hidden="true" />
          </span>
          <div className="space-y-1">
            <h2 className="text-lg font-semibold text-slate-900">Google is not connected</h2>
            <p className="text-sm text-slate-600">
              Connect the shop's Google account to see the Gmail inbox here and to save every quoted estimate
              to Google Drive. Add these settings to the server's environment (or its <code>.env</code> file),
              then restart the server:
            </p>
          </div>
        </div>
        <ul className="space-y-2">
          {missing.map((name) => (
            <li key={name} className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
              <code className="font-semibold break-all text-slate-900">{name}</code>
              <span className="block text-slate-600">{WHAT_EACH_IS[name]}</span>
            </li>
          ))}
        </ul>
        <p className="text-sm text-slate-600">
          The “Google” section of docs/OPERATIONS.md explains how to create them. Everything else in the app
          works without Google.
        </p>
      </CardContent>
    </Card>
  );
}
