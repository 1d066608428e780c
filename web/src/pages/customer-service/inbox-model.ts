import {
  CHAT_PANEL_HEIGHT,
  CHAT_REFRESH_MS,
  CUSTOMER_SERVICE_MESSAGES,
} from '@freguesia/shared/schemas/customer-service';

/**
 * The inbox's plain logic (spec part 3 §2 'Customer service (Atendimento / Setores)', §3
 * 'Conversation', §4, §9): the department button group, the card filter, which side a message
 * shows on, and when the chat panel should scroll to the newest message.
 */

/** The button group's "every department" option. */
export const ALL_DEPARTMENTS = 'all';

/** Spec §2 empty queue text. */
export const EMPTY_QUEUE = CUSTOMER_SERVICE_MESSAGES.empty;

/** Spec §8 success notices. */
export const ATTENDANCE_NOTICES = {
  changed: CUSTOMER_SERVICE_MESSAGES.changed,
  finished: CUSTOMER_SERVICE_MESSAGES.finished,
} as const;

/** Spec §9: the open conversation refreshes every 5000 ms; its chat panel is 500 px high. */
export { CHAT_PANEL_HEIGHT, CHAT_REFRESH_MS };

export interface DepartmentOption {
  id: string;
  text: string;
}

/** The button group: 'Todos' then the active departments (and the chosen one), by name. */
export function departmentOptions(
  departments: readonly { id: number; name: string; active: boolean }[],
  chosen: string = ALL_DEPARTMENTS,
): DepartmentOption[] {
  const options = departments
    .filter((d) => d.active || String(d.id) === chosen)
    .map((d) => ({ id: String(d.id), text: d.name }))
    .sort((a, b) => a.text.localeCompare(b.text, 'pt-BR'));
  return [{ id: ALL_DEPARTMENTS, text: 'Todos' }, ...options];
}

/** The list's `id_department` for the chosen button (undefined: every department). */
export const departmentFilter = (chosen: string): number | undefined =>
  chosen === ALL_DEPARTMENTS ? undefined : Number(chosen) || undefined;

/** §3: RECEIVED messages (the customer's) show on the right, every other on the left. */
export const messageSide = (type: string): 'right' | 'left' => (type === 'RECEIVED' ? 'right' : 'left');

interface MessageLike {
  id?: string | number | null;
  created_at: string;
  text?: string | null;
}

/** A key that changes whenever a message arrives (count + the newest one). */
export function newestKey(messages: readonly MessageLike[]): string {
  const last = messages[messages.length - 1];
  if (!last) return '0';
  return `${messages.length}|${last.id ?? ''}|${last.created_at}`;
}

/** The context variables as sorted rows (§3 'context.variables', a key/value map). */
export function variableRows(
  variables: Record<string, unknown> | null | undefined,
): { key: string; value: string }[] {
  if (!variables) return [];
  return Object.entries(variables)
    .map(([key, value]) => ({
      key,
      value:
        value === null || value === undefined
          ? ''
          : typeof value === 'string'
            ? value
            : JSON.stringify(value),
    }))
    .sort((a, b) => a.key.localeCompare(b.key, 'pt-BR'));
}

/** A sent message's delivery status as the bubble shows it ('' for the customer's own). */
export const STATUS_LABELS: Record<string, string> = {
  PENDING: 'Enviando',
  SENT: 'Enviada',
  DELIVERED: 'Entregue',
  READ: 'Lida',
  FAILED: 'Falha no envio',
};
export const statusLabel = (type: string, status: string | undefined): string =>
  type === 'RECEIVED' || !status ? '' : (STATUS_LABELS[status] ?? '');
