import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, RegisterInput } from '../../../../domain/auth';
import { apiRequest } from '../../../lib/api';
import { currentUserKey } from './current-user';

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterInput) =>
      (await apiRequest('POST', '/api/register', input)).json() as Promise<PublicUser>,
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}
