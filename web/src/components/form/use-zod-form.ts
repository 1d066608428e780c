import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { get, useForm, type DefaultValues, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form over a shared zod schema: the spec's messages live in the schema once and
 * show under each field. Validation runs on submit; from then on a field with a message is
 * validated again on each change of it, whatever set the message — the schema on submit, a
 * wizard step's `trigger`, the server's 400 (`applyServerErrors`) — and whatever changed it
 * (typing, `setValue` from a lookup). So a corrected field loses its message at once and a
 * message never outlives the value it was about.
 *
 *   const form = useZodForm(storeFormSchema, { defaultValues });
 *   <form onSubmit={form.handleSubmit(save)}>…
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> & {
    defaultValues?: DefaultValues<z.input<S>>;
  } = {},
) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver: zodResolver(schema as never) as never,
  });
  const { subscribe, getFieldState, trigger } = form;
  useEffect(() => {
    // react-hook-form re-validates on change only after a submit through handleSubmit and only for
    // changes it sees as typing; a server message or a step's message stayed until the next save.
    // When a field with a message gets a new value, the schema decides again: the message goes,
    // or becomes the current one. (The updates trigger itself makes carry the same value: skipped.)
    const checked = new Map<string, string>();
    return subscribe({
      formState: { values: true },
      callback: ({ name, values }) => {
        if (!name || !getFieldState(name as never).error) return;
        const value = JSON.stringify(get(values, name)) ?? '';
        if (checked.get(name) === value) return;
        checked.set(name, value);
        void trigger(name as never);
      },
    });
  }, [subscribe, getFieldState, trigger]);
  return form;
}
