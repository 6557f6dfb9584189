import { Button } from '#client/components/ui/button.tsx';

/** The server could not be reached or failed: say so and offer another try (not "not found"). */
export function LoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <main id="main" className="mx-auto max-w-xl space-y-4 px-4 py-10 text-center">
      <p role="alert" className="rounded-lg bg-brand-50 p-4 text-sm text-brand-800">
        We couldn't load this estimate just now.
      </p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        Try again
      </Button>
    </main>
  );
}
