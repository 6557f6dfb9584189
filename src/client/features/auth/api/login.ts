import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { LoginInput, PublicUser } from '#domain/auth.ts';
import { storeSignedInUser } from './store-signed-in-user.ts';

export function useLogin() {
  return useMutation({
    mutationFn: async (input: LoginInput) =>
      (await apiRequest('POST', '/api/login', input)).json() as Promise<PublicUser>,
    onSuccess: storeSignedInUser,
  });
}
