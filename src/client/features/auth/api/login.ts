import { useMutation } from '@tanstack/react-query';
import { sendJson } from '#client/lib/api.ts';
import { type LoginInput, publicUserSchema } from '#domain/auth.ts';
import { storeSignedInUser } from './store-signed-in-user.ts';

export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) => sendJson('POST', '/api/login', input, publicUserSchema),
    onSuccess: storeSignedInUser,
  });
}
