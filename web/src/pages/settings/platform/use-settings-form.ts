import type { SettingKey } from '@freguesia/shared/schemas/settings';
import { useState } from 'react';
import { writeSetting } from '../../../api/settings';
import { notify } from '../../../app/notifications/notify';
import { failureMessage, serverFieldErrors, type FieldErrors } from '../field-errors';
import { SAVED_NOTICE, SAVE_FAILED_NOTICE, changedKeys, validateSettings, type SettingValues } from './platform-form';

/**
 * One tab's form over some setting keys. Saving upserts each changed key with ONE
 * PUT /api/web/settings {key, value} and reports 'Alterado com sucesso'.
 */
export function useSettingsForm(
  keys: readonly SettingKey[],
  saved: SettingValues,
  onSaved: (written: SettingValues) => void,
) {
  const [values, setValues] = useState<SettingValues>(() => Object.fromEntries(keys.map((k) => [k, saved[k] ?? ''])));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  function set(key: SettingKey, value: string) {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _removed, ...rest }) => rest);
  }

  async function save() {
    const found = validateSettings(keys, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const changed = changedKeys(keys, saved, values);
    if (changed.length === 0) {
      notify({ type: 'info', content: 'Nenhuma alteração para salvar.' });
      return;
    }
    setSaving(true);
    const written: SettingValues = {};
    try {
      for (const key of changed) {
        try {
          const answer = await writeSetting(key, (values[key] ?? '').trim());
          written[key] = answer.value ?? '';
        } catch (error) {
          const fieldError = serverFieldErrors(error).value;
          if (fieldError) setErrors((current) => ({ ...current, [key]: fieldError }));
          throw error;
        }
      }
      notify({ type: 'success', header: SAVED_NOTICE });
    } catch (error) {
      notify({ type: 'error', header: SAVE_FAILED_NOTICE, content: failureMessage(error) });
    } finally {
      if (Object.keys(written).length > 0) {
        setValues((current) => ({ ...current, ...written }));
        onSaved(written);
      }
      setSaving(false);
    }
  }

  return { values, errors, saving, set, save, dirty: changedKeys(keys, saved, values).length > 0 };
}
