import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { PublicUser, RegisterInput } from '#domain/auth.ts';
import { storeSignedInUser } from './store-signed-in-user.ts';

export function useRegister() {
  return useMutation({
    mutationFn: async (input: RegisterInput) =>
      (await apiRequest('POST', '/api/register', input)).json() as Promise<PublicUser>,
    onSuccess: storeSignedInUser,
  });
}
