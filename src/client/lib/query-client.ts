import { hydrate, QueryClient } from '@tanstack/react-query';
import { signedInState } from './signed-in-state.ts';

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

// A signed-in page the server drew carries the answers it drew it with: the app's first render reads
// the same data, and so hydrates the same page (src/client/prerender.tsx).
const drawnWith = signedInState()?.queries;
if (drawnWith) hydrate(queryClient, drawnWith);
