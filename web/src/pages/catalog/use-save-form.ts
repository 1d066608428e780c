import { useState } from 'react';
import { errorText, fieldErrors } from '../../api/catalog';
import { notify } from '../../app/notifications/notify';

export interface SaveNotices {
  success: string;
  failureHeader: string;
  /** Failure content; the server's message when omitted. */
  failureContent?: string;
}

/**
 * The save flow every catalog form shares: client-side errors first, then the write, a success
 * notice and `onSaved`, or the server's field errors and a failure notice.
 */
export function useSaveForm(onSaved: () => void) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function submit(found: Record<string, string>, write: () => Promise<unknown>, notices: SaveNotices) {
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await write();
      notify({ type: 'success', content: notices.success });
      onSaved();
    } catch (error) {
      setErrors(fieldErrors(error));
      notify({
        type: 'error',
        header: notices.failureHeader,
        content: notices.failureContent ?? errorText(error),
      });
    } finally {
      setSaving(false);
    }
  }

  return { errors, saving, submit };
}
