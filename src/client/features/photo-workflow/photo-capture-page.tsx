import { FullPageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../auth/api/current-user';
import { EstimateRequestForm } from './estimate-request-form';
import { SignInRequired } from './sign-in-required';

/** /photo-capture: public route; the workflow itself needs an account. */
export function PhotoCapturePage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (!user) return <SignInRequired />;
  return <EstimateRequestForm user={user} />;
}
