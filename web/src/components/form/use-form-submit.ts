import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { notify } from '../../app/notifications/notify';
import { applyServerErrors } from './server-errors';

export interface SubmitNotices {
  /** The success notice. */
  success: string;
  /** The failure notice's header ('Erro ao cadastrar marca'). */
  failureHeader: string;
  /** The failure notice's text; the server's message when omitted. */
  failureContent?: string;
}

/**
 * The save flow of a form modal: the schema validates first (messages under the fields), then
 * `save` writes; success shows its notice and calls `onSaved`; a failure puts the 400's field
 * messages under their fields and shows a failure notice. `saving` is true while it runs.
 *
 *   const { submit, saving } = useFormSubmit(form, (values) => mutation.mutateAsync(values), notices, onSaved);
 *   <FormModal onSubmit={submit} saving={saving}>…
 */
export function useFormSubmit<TValues extends FieldValues, TOutput>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  save: (values: TOutput) => Promise<unknown>,
  notices: SubmitNotices,
  onSaved?: () => void,
  options: {
    /** Puts the server's field errors on the form (default: `applyServerErrors` with the same names). */
    serverErrors?: (error: unknown) => void;
  } = {},
) {
  const submit = form.handleSubmit(async (values) => {
    try {
      await save(values);
    } catch (error) {
      if (options.serverErrors) options.serverErrors(error);
      else applyServerErrors(error, form.setError);
      notify({
        type: 'error',
        header: notices.failureHeader,
        content:
          notices.failureContent ??
          (error instanceof Error && error.message ? error.message : 'Tente novamente.'),
      });
      return;
    }
    notify({ type: 'success', content: notices.success });
    onSaved?.();
  });
  return { submit: () => void submit(), saving: form.formState.isSubmitting };
}
