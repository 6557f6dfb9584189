import { QueryClient } from '@tanstack/react-query';

/** Spec defaults: never stale, no retry, no refetch on focus, no polling unless a query says so. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    },
    mutations: { retry: false },
  },
});
