import { FullPageSpinner } from '#client/components/ui/spinner.tsx';
import { useAuth } from '#client/lib/current-user.ts';
import { EstimateRequestForm } from './estimate-request-form.tsx';
import { SignInRequired } from './sign-in-required.tsx';

/** /photo-capture: public route; the workflow itself needs an account. */
export function PhotoCapturePage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (!user) return <SignInRequired />;
  return <EstimateRequestForm user={user} />;
}
