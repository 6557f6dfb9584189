import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client.ts';

/**
 * TanStack Query for the screens that read or change server data. Each lazily loaded screen brings
 * it with its own code (see app.tsx); they all share the one client, so the cache outlives a screen.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
