import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '../../../../domain/auth';
import { getJson, isUnauthorized } from '../../../lib/api';

export const currentUserKey = ['/api/auth/user'] as const;

/** 401 means "signed out", not an error: the query then holds null. */
async function fetchCurrentUser(): Promise<PublicUser | null> {
  try {
    return await getJson<PublicUser>('/api/auth/user');
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: fetchCurrentUser,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});

export function useAuth() {
  const { data, isLoading, error } = useQuery(currentUserQuery);
  return { user: data ?? null, isLoading, isAuthenticated: Boolean(data), error };
}
