import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { adminEstimatePath, normalizePlateSearch } from '#domain/admin-dashboard.ts';

/** Quick vehicle search: a plate (uppercased as typed) opens that vehicle's estimate page. */
export function PlateSearch() {
  const inputId = useId();
  const [plate, setPlate] = useState('');
  const [, navigate] = useLocation();
  const field = useRef<HTMLInputElement>(null);

  // On the dashboard the server drew, a plate can be typed (and sent: the page holds the search until
  // the app has it) before the app takes the page over: the field, not the state, holds it then.
  useEffect(() => {
    const typed = field.current?.value ?? '';
    if (typed) setPlate(typed.toUpperCase());
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizePlateSearch(field.current?.value ?? plate);
    if (!normalized) {
      toast({
        title: 'Enter License Plate',
        description: 'Please enter a license plate to search.',
        variant: 'destructive',
      });
      return;
    }
    navigate(adminEstimatePath(normalized));
  };

  return (
    <form
      onSubmit={onSubmit}
      aria-label="Quick vehicle search"
      className="flex w-full items-end gap-2 sm:w-auto"
    >
      <div className="min-w-0 flex-1 space-y-1.5 sm:w-56 sm:flex-none">
        <Label htmlFor={inputId}>License plate</Label>
        <Input
          ref={field}
          id={inputId}
          value={plate}
          onChange={(event) => setPlate(event.target.value.toUpperCase())}
          placeholder="e.g. ABC1234"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={15}
          className="uppercase placeholder:normal-case"
        />
      </div>
      <Button type="submit" className="shrink-0">
        <Search aria-hidden="true" />
        Search
      </Button>
    </form>
  );
}
