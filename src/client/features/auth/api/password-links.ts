import { useMutation } from '@tanstack/react-query';
import { sendJson } from '#client/lib/api.ts';
import {
  type PasswordLinkRequestInput,
  passwordLinkReplySchema,
  publicUserSchema,
  type SetPasswordInput,
} from '#domain/auth.ts';
import { storeSignedInUser } from './store-signed-in-user.ts';

/** Asks for an e-mailed link; the answer is the same whether or not the address has an account. */
export function useRequestPasswordLink() {
  return useMutation({
    mutationFn: (input: PasswordLinkRequestInput) =>
      sendJson('POST', '/api/password/link', input, passwordLinkReplySchema),
  });
}

/** Sets the password with the link's token; the server signs the browser in as that account. */
export function useSetPassword() {
  return useMutation({
    mutationFn: (input: SetPasswordInput) => sendJson('POST', '/api/password/set', input, publicUserSchema),
    onSuccess: storeSignedInUser,
  });
}
