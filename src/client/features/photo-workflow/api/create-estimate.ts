import { useMutation, useQueryClient } from '@tanstack/react-query';
import { estimatesKey } from '#client/features/estimates/shared.ts';
import { ApiError, sendJson } from '#client/lib/api.ts';
import type { BatchCreateEstimateInput } from '#domain/estimate-requests.ts';
import { type CreatedEstimate, createdEstimateSchema } from '#domain/estimate-schema.ts';
import { apiClientErrorMessage } from './server-message.ts';

export const CREATE_FAILED = 'Failed to create estimate and vehicle record';

/** A submission the server refused, with a message fit to show the customer. */
export class SubmissionError extends Error {}

export async function createEstimate(input: BatchCreateEstimateInput): Promise<CreatedEstimate> {
  try {
    return await sendJson('POST', '/api/estimates/batch-create', input, createdEstimateSchema);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A 4xx names what to fix; a 5xx says nothing useful to the customer.
    throw new SubmissionError(apiClientErrorMessage(error) ?? CREATE_FAILED);
  }
}

export function useCreateEstimate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEstimate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: estimatesKey }),
  });
}
