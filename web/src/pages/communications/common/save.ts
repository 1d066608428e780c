import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { serverFieldErrors } from '../../../api/client';
import { useSaveCommunication, type CommunicationPayload } from '../../../api/communications';
import { notify } from '../../../app/notifications/notify';
import { formFieldOf, type FieldMap } from './model';

export interface SaveTexts {
  saved: string;
  /** 'Erro ao alterar a Comunicação :( ' (spec part 3 §8). */
  failed: string;
  list: string;
}

/**
 * The save of a communication editor (spec part 3 §4, §8): the schema validates first (messages
 * under the fields), then POST or PUT; success shows its notice and goes to the list; a failure
 * shows 'Ops!' with the spec's text and puts the server's field messages under their fields.
 */
export function useCommunicationSave<V extends object>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<V, any, V>,
  toPayload: (values: V) => CommunicationPayload,
  map: FieldMap,
  texts: SaveTexts,
  onSaved?: () => void,
) {
  const save = useSaveCommunication();
  const navigate = useNavigate();
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(toPayload(values));
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
    onSaved?.();
    navigate(texts.list);
  });
  return { submit: () => void submit(), saving: save.isPending || form.formState.isSubmitting };
}
