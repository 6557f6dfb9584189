import { useParams } from 'wouter';
import { isEstimateId } from '#domain/admin-estimates.ts';
import { AdminEstimateScreen } from './admin-estimate-screen.tsx';
import { PlateLookup } from './plate-lookup.tsx';

/**
 * /admin/estimate/{idOrPlate}: an estimate id opens that estimate; anything else is a license plate
 * from the quick vehicle search, resolved to that vehicle's estimate.
 */
export function AdminEstimatePage() {
  const { idOrPlate = '' } = useParams<{ idOrPlate: string }>();
  const value = decodeURIComponent(idOrPlate);
  // Keyed: a different estimate starts with fresh forms.
  return isEstimateId(value) ? <AdminEstimateScreen key={value} id={value} /> : <PlateLookup plate={value} />;
}
