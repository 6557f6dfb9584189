import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, PublicUser } from '../../../../domain/auth';
import { apiRequest } from '../../../lib/api';
import { currentUserKey } from './current-user';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) =>
      (await apiRequest('POST', '/api/login', input)).json() as Promise<PublicUser>,
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}
