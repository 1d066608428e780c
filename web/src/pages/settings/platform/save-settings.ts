import type { SettingKey } from '@freguesia/shared/schemas/settings';
import type { UseFormReturn } from 'react-hook-form';
import { failureMessage, serverFieldErrors } from '../../../api/client';
import { useSaveSetting } from '../../../api/settings';
import { notify } from '../../../app/notifications/notify';
import { SAVED_NOTICE, SAVE_FAILED_NOTICE, changedKeys, type SettingValues } from './platform-form';

/**
 * The save of one tab: each changed key is ONE PUT /api/web/settings {key, value} (the API is
 * an upsert per key), then 'Alterado com sucesso'. A refused value shows its message under its
 * field; the keys written before it stay written (and become the form's new saved values).
 */
export function useSaveSettings(
  keys: readonly SettingKey[],
  form: UseFormReturn<SettingValues, unknown, SettingValues>,
  onSaved?: (written: SettingValues) => void,
) {
  const save = useSaveSetting();
  return form.handleSubmit(async (values) => {
    const saved = (form.formState.defaultValues ?? {}) as SettingValues;
    const changed = changedKeys(keys, saved, values);
    if (changed.length === 0) {
      notify({ type: 'info', content: 'Nenhuma alteração para salvar.' });
      return;
    }
    const written: SettingValues = {};
    let refused: { key: SettingKey; message: string } | undefined;
    try {
      for (const key of changed) {
        try {
          written[key] = (await save.mutateAsync({ key, value: (values[key] ?? '').trim() })).value ?? '';
        } catch (error) {
          const message = serverFieldErrors(error).value;
          if (message) refused = { key, message };
          throw error;
        }
      }
      notify({ type: 'success', header: SAVED_NOTICE });
    } catch (error) {
      notify({ type: 'error', header: SAVE_FAILED_NOTICE, content: failureMessage(error) });
    } finally {
      if (Object.keys(written).length > 0) {
        // What was written is the new saved state; what was not keeps what the user typed.
        form.reset({ ...saved, ...written });
        for (const key of changed)
          if (!(key in written)) form.setValue(key, values[key], { shouldDirty: true });
        onSaved?.(written);
      }
      if (refused) form.setError(refused.key, { type: 'server', message: refused.message });
    }
  });
}
