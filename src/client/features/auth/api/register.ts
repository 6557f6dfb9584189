import { useMutation } from '@tanstack/react-query';
import { sendJson } from '#client/lib/api.ts';
import { publicUserSchema, type RegisterInput } from '#domain/auth.ts';
import { storeSignedInUser } from './store-signed-in-user.ts';

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) => sendJson('POST', '/api/register', input, publicUserSchema),
    onSuccess: storeSignedInUser,
  });
}
