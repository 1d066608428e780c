/** Dates of the Ajustes lists, in Brazilian format and Brasília time. */

const TIME_ZONE = 'America/Sao_Paulo';

const DATE = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function parse(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** '2024-03-05T12:00:00Z' → '05/03/2024'; '-' when empty or unreadable. */
export function formatDate(value: string | null | undefined): string {
  const date = parse(value);
  return date ? DATE.format(date) : '-';
}

/** '2024-03-05T12:34:00Z' → '05/03/2024 09:34'; '-' when empty or unreadable. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? DATE_TIME.format(date).replace(',', '') : '-';
}

/** 'Total de 1 usuário(s)'. */
export function totalText(total: number, noun: string): string {
  return `Total de ${total.toLocaleString('pt-BR')} ${noun}`;
}
