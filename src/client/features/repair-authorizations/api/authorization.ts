import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { estimateKey } from '#client/features/estimates/shared.ts';
import { ApiError, getJson, sendJson } from '#client/lib/api.ts';
import { type Authorization, authorizationSchema } from '#domain/repair-authorization.ts';

export const authorizationKey = (estimateId: string) => ['estimates', estimateId, 'authorization'] as const;

/** The estimate's current signed authorisation; null while it has none (the server's 404). */
export function useAuthorization(estimateId: string, enabled = true) {
  return useQuery({
    queryKey: authorizationKey(estimateId),
    enabled,
    queryFn: async (): Promise<Authorization | null> => {
      try {
        return await getJson(
          `/api/estimates/${encodeURIComponent(estimateId)}/authorization`,
          authorizationSchema,
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export interface SignRequest {
  signerName: string;
  signature: string;
  estimateChoice: Authorization['estimateChoice'];
  limitAmount?: string;
  returnReplacedParts: boolean;
  directionToPay?: { insurer: string; claimNumber: string };
  replaceReason?: string;
}

/** POST the signed authorisation; the answer becomes the current one. */
export function useSignAuthorization(estimateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SignRequest) =>
      sendJson(
        'POST',
        `/api/estimates/${encodeURIComponent(estimateId)}/authorization`,
        request,
        authorizationSchema,
      ),
    onSuccess: (authorization) => {
      queryClient.setQueryData(authorizationKey(estimateId), authorization);
      void queryClient.invalidateQueries({ queryKey: estimateKey(estimateId) });
    },
  });
}

export const authorizationPdfUrl = (estimateId: string) =>
  `/api/estimates/${encodeURIComponent(estimateId)}/authorization.pdf`;
export const authorizePagePath = (estimateId: string) =>
  `/estimate/${encodeURIComponent(estimateId)}/authorize`;
