import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { toast } from '#client/components/ui/use-toast.ts';
import type { MessageId } from '#client/i18n/catalogs.ts';
import { translate } from '#client/i18n/i18n.ts';
import { problemText } from '#client/i18n/problem-text.ts';
import { errorMessage } from '#client/lib/api.ts';
import { type AuthRules, loadAuthRules } from './load-auth-rules.ts';

type Fields = Record<string, string>;

interface AuthFormOptions<Values extends Fields, Output> {
  initial: Values;
  schema: (rules: typeof AuthRules) => z.ZodType<Output, Values>;
  /** Sends the checked values and acts on the answer. */
  submit: (values: Output) => Promise<void>;
  /** The toast of a failed send: its title, and the text shown when the server gave no reason. */
  failed: { title: MessageId; hint: MessageId };
}

/**
 * A small form state for the sign-in screens: values, the schema's message per field, and whether it
 * is being sent. As with the app's other forms, fields are checked on sending, then again on every
 * change once a send has failed the check; the first field in error gets the focus. A failed send is
 * told in a toast, with the server's reason in the page's language.
 */
export function useAuthForm<Values extends Fields, Output>({
  initial,
  schema,
  submit,
  failed,
}: AuthFormOptions<Values, Output>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [isPending, setPending] = useState(false);
  const checkOnChange = useRef<((next: Values) => void) | null>(null);
  const inputs = useRef(new Map<keyof Values, HTMLInputElement>());

  // On the prerendered sign-in page the fields can be typed in (or filled by a password manager)
  // before the app takes it over: what they hold then becomes the form's values.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form is first on screen.
  useEffect(() => {
    const typed: Partial<Values> = {};
    for (const [name, input] of inputs.current) {
      if (input.value !== initial[name]) typed[name] = input.value as Values[keyof Values];
    }
    if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }));
  }, []);

  function check(rules: typeof AuthRules, next: Values) {
    const result = schema(rules).safeParse(next);
    const found: Partial<Record<keyof Values, string>> = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = issue.path[0] as keyof Values | undefined;
        if (key !== undefined && found[key] === undefined) found[key] = issue.message;
      }
    }
    setErrors(found);
    return { result, found };
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPending) return;
    const rules = await loadAuthRules();
    const { result, found } = check(rules, values);
    checkOnChange.current = (next) => check(rules, next);
    if (!result.success) {
      const first = Object.keys(initial).find((key) => found[key] !== undefined);
      if (first) inputs.current.get(first)?.focus();
      return;
    }
    setPending(true);
    try {
      await submit(result.data);
    } catch (error) {
      toast({
        title: translate(failed.title),
        description: problemText(errorMessage(error, translate(failed.hint))),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };

  /** The props of the input for `name`: its value, change handler and error message. */
  const field = (name: keyof Values & string) => ({
    name,
    value: values[name],
    error: errors[name],
    ref: (input: HTMLInputElement | null) => {
      if (input) inputs.current.set(name, input);
      else inputs.current.delete(name);
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      checkOnChange.current?.(next);
    },
  });

  return {
    field,
    errors,
    isPending,
    onSubmit,
    /** Starts loading the rules as soon as the visitor moves into the form. */
    onFocus: () => void loadAuthRules(),
  };
}
