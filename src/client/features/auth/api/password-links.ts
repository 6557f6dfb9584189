import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { PasswordLinkRequestInput, PublicUser, SetPasswordInput } from '#domain/auth.ts';
import { storeSignedInUser } from './store-signed-in-user.ts';

/** Asks for an e-mailed link; the answer is the same whether or not the address has an account. */
export function useRequestPasswordLink() {
  return useMutation({
    mutationFn: async (input: PasswordLinkRequestInput) =>
      (await apiRequest('POST', '/api/password/link', input)).json() as Promise<{ message: string }>,
  });
}

/** Sets the password with the link's token; the server signs the browser in as that account. */
export function useSetPassword() {
  return useMutation({
    mutationFn: async (input: SetPasswordInput) =>
      (await apiRequest('POST', '/api/password/set', input)).json() as Promise<PublicUser>,
    onSuccess: storeSignedInUser,
  });
}
