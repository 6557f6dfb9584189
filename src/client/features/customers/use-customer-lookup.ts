import { toast } from '#client/components/ui/use-toast.ts';
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts';
import { CUSTOMER_SEARCH_MIN_LENGTH } from '#domain/customers.ts';
import { useCustomerSearch } from './api/search-customers.ts';

const SEARCH_DELAY_MS = 300;

/** Customer search as the text is typed (from 2 characters), shared by every customer search box. */
export function useCustomerLookup(text: string) {
  const term = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const searching = term.length >= CUSTOMER_SEARCH_MIN_LENGTH;
  const search = useCustomerSearch(term);

  /** An explicit search (button or Enter) with too little text says why nothing happens. */
  const searchNow = () => {
    if (text.trim().length >= CUSTOMER_SEARCH_MIN_LENGTH) return;
    toast({
      title: 'Enter Search Term',
      description: 'Please enter at least 2 characters to search for customers',
      variant: 'destructive',
    });
  };

  const found = searching ? search.data : undefined;
  return { term, searching, search, results: found?.customers, more: found?.more ?? false, searchNow };
}

export type CustomerLookup = ReturnType<typeof useCustomerLookup>;
