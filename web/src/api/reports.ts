import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ExpenseReport } from '@freguesia/shared/schemas/communication';
import { api } from './client';
import { parseAnswer, tenantKey } from './query';

/** Reports (spec part 3 §2 'Reports', §7): the expense report of the sends ('Investimentos'). */

export type { ExpenseReport };

export interface Period {
  /** YYYY-MM-DD */
  start_at: string;
  /** YYYY-MM-DD */
  end_at: string;
}

/** GET /web/reports/expenses?start_at&end_at. */
export async function getExpenseReport(period: Period, signal?: AbortSignal): Promise<ExpenseReport> {
  return parseAnswer(
    ExpenseReport,
    await api.get('/web/reports/expenses', {
      query: { start_at: period.start_at, end_at: period.end_at },
      signal,
    }),
  );
}

/** The expense report of a period (the previous one stays shown while the next loads). */
export const useExpenseReport = (period: Period) =>
  useQuery({
    queryKey: tenantKey('reports', 'expenses', period),
    queryFn: ({ signal }) => getExpenseReport(period, signal),
    placeholderData: keepPreviousData,
  });
