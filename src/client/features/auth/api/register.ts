import { useMutation } from '@tanstack/react-query';
import type { PublicUser, RegisterInput } from '../../../../domain/auth';
import { apiRequest } from '../../../lib/api';
import { storeSignedInUser } from './store-signed-in-user';

export function useRegister() {
  return useMutation({
    mutationFn: async (input: RegisterInput) =>
      (await apiRequest('POST', '/api/register', input)).json() as Promise<PublicUser>,
    onSuccess: storeSignedInUser,
  });
}
