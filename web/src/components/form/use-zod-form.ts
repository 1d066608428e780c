import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form over a shared zod schema: the spec's messages live in the schema once and
 * show under each field. Validation runs on submit, then again on each change of a field that
 * failed (so a fixed field loses its message as soon as it is right, never a stale one).
 *
 *   const form = useZodForm(storeFormSchema, { defaultValues });
 *   <form onSubmit={form.handleSubmit(save)}>…
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> & { defaultValues?: DefaultValues<z.input<S>> } = {},
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver: zodResolver(schema as never) as never,
  });
}
