import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { SaleStatus } from '@freguesia/shared/domain/sales';

/** §3 tag colours: draft default, confirmed warning, invoiced success, cancelled error. */
export const STATUS_TYPES: Record<SaleStatus, StatusIndicatorProps.Type> = {
  Rascunho: 'stopped',
  Erro_IBGE: 'error',
  'Aguardando Pagamento': 'pending',
  Confirmado: 'warning',
  Faturado: 'success',
  Cancelado: 'error',
};

export const STATUS_LABELS: Record<SaleStatus, string> = {
  Rascunho: 'Rascunho',
  Erro_IBGE: 'Erro IBGE',
  'Aguardando Pagamento': 'Aguardando Pagamento',
  Confirmado: 'Confirmado',
  Faturado: 'Faturado',
  Cancelado: 'Cancelado',
};

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
export const money = (value: number) => brl.format(value);

/** 'YYYY-MM-DDTHH:mm…' (UTC ISO) → 'DD/MM/YYYY HH:mm' in São Paulo. */
export function dateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });
}
