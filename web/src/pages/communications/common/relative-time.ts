import { formatDistance } from 'date-fns';
import { ptBR } from 'date-fns/locale';

/**
 * 'há 5 minutos' (date-fns `formatDistance`, pt-BR): how the communication lists show created and
 * changed (spec part 3 §2 'Push communications'). Unreadable or empty: '-'.
 */
export function relativeTime(value: string | null | undefined, now: Date = new Date()): string {
  if (!value) return '-';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '-';
  return formatDistance(at, now, { addSuffix: true, locale: ptBR });
}
