import { useMutation } from '@tanstack/react-query';
import type { LoginInput, PublicUser } from '../../../../domain/auth';
import { apiRequest } from '../../../lib/api';
import { storeSignedInUser } from './store-signed-in-user';

export function useLogin() {
  return useMutation({
    mutationFn: async (input: LoginInput) =>
      (await apiRequest('POST', '/api/login', input)).json() as Promise<PublicUser>,
    onSuccess: storeSignedInUser,
  });
}
