import { ArrowLeft, Camera, LogIn } from 'lucide-react';
import { Link } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Card } from '#client/components/ui/card.tsx';

/** The photo workflow attaches photos to an account, so visitors are asked to sign in first. */
export function SignInRequired() {
  return (
    <PublicLayout>
      <div className="mx-auto flex min-h-[60vh] max-w-md flex-col justify-center px-4 py-10">
        <Card className="p-6 text-center sm:p-8">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Camera className="size-7" aria-hidden="true" />
          </span>
          <h1 className="mt-4 text-2xl font-bold text-slate-900">Sign In Required</h1>
          <p className="mt-2 text-slate-600">
            Please sign in or create a free account to send us photos of your vehicle. We'll get back to you
            with an estimate within 24 hours.
          </p>
          <Link
            href="/auth"
            className="mt-6 inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 text-base font-semibold text-white shadow-sm hover:bg-brand-800"
          >
            <LogIn className="size-5" aria-hidden="true" />
            Sign In to Continue
          </Link>
          <Link
            href="/"
            className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-slate-600 hover:text-brand-700"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Home
          </Link>
        </Card>
      </div>
    </PublicLayout>
  );
}
