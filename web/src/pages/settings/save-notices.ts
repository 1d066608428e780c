import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { failureMessage } from '../../api/client';
import { notify } from '../../app/notifications/notify';
import { applyServerErrors } from '../../components/form';

/** The notices of one Ajustes record kind (spec part 3 §8 wording). */
export interface SaveNotices {
  created: string;
  updated: string;
  createFailed: string;
  updateFailed: string;
}

/**
 * Runs a drawer's save: the success notice, or the server's field messages under their fields
 * plus the failure notice with the server's message. Answers whether it was saved.
 */
export async function saveWithNotices<T extends FieldValues>(
  creating: boolean,
  notices: SaveNotices,
  setError: UseFormSetError<T>,
  save: () => Promise<unknown>,
): Promise<boolean> {
  try {
    await save();
    notify({ type: 'success', header: creating ? notices.created : notices.updated });
    return true;
  } catch (error) {
    applyServerErrors(error, setError);
    notify({
      type: 'error',
      header: creating ? notices.createFailed : notices.updateFailed,
      content: failureMessage(error),
    });
    return false;
  }
}
