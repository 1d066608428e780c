import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { serverFieldErrors } from '../../../api/client';
import { useSaveCommunication, type CommunicationPayload } from '../../../api/communications';
import { notify } from '../../../app/notifications/notify';
import { useLeaveGuard } from '../../../components/discard-changes';
import { formFieldOf, type FieldMap } from './model';

export interface SaveTexts {
  saved: string;
  /** 'Erro ao alterar a Comunicação :( ', 'Erro ao alterar template :( ' (spec part 3 §8). */
  failed: string;
  list: string;
}

/**
 * The save of a communication editor (spec part 3 §4, §8): the schema validates first (messages
 * under the fields), then POST or PUT; success shows its notice and goes to the list; a failure
 * shows 'Ops!' with the spec's text and puts the server's field messages under their fields. Leaving
 * with unsaved changes asks first.
 */
export function useCommunicationSave<V extends object>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<V, any, V>,
  /** The wire body; a promise when part of it is read on save (the e-mail editor), null to stop quietly. */
  toPayload: (values: V) => CommunicationPayload | null | Promise<CommunicationPayload | null>,
  map: FieldMap,
  texts: SaveTexts,
  /** Unsaved changes beyond the form's own fields (the editor's content, a clone not yet saved). */
  changed = false,
) {
  const save = useSaveCommunication();
  const navigate = useNavigate();
  // 'Descartar alterações?' before leaving with unsaved changes; not once saved.
  const leaveGuard = useLeaveGuard((form.formState.isDirty || changed) && !save.isSuccess);
  const submit = form.handleSubmit(async (values) => {
    const payload = await toPayload(values);
    if (!payload) return;
    try {
      await save.mutateAsync(payload);
    } catch (error) {
      let first = true;
      for (const [path, message] of Object.entries(serverFieldErrors(error))) {
        const field = formFieldOf(path, map);
        if (!field) continue;
        form.setError(field as never, { type: 'server', message }, { shouldFocus: first });
        first = false;
      }
      notify({
        type: 'error',
        header: 'Ops!',
        content: `${texts.failed}${error instanceof Error && error.message ? `— ${error.message}` : ''}`,
      });
      return;
    }
    notify({ type: 'success', content: texts.saved });
    leaveGuard.allowNavigation();
    navigate(texts.list);
  });
  return {
    submit: () => void submit(),
    saving: save.isPending || form.formState.isSubmitting,
    /** Render it: the 'Descartar alterações?' modal. */
    leaveModal: leaveGuard.modal,
  };
}
