import Box from '@cloudscape-design/components/box';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';

export const PAGINATION_LABELS = {
  nextPageLabel: 'Próxima página',
  previousPageLabel: 'Página anterior',
  pageLabel: (n: number) => `Página ${n}`,
};

/** Pagination with the spec's total text ('Total de N categoria(s)'), given already written. */
export function PagerWithTotal({
  page,
  pagesCount,
  totalText,
  onChange,
  disabled,
}: {
  page: number;
  pagesCount: number;
  /** 'Total de 12 categoria(s)' (see `totalText` in components/format). */
  totalText: string;
  onChange: (page: number) => void;
  disabled?: boolean;
}) {
  return (
    <SpaceBetween direction="horizontal" size="s" alignItems="center">
      <Box color="text-body-secondary" fontSize="body-s" data-testid="list-total">
        {totalText}
      </Box>
      <Pagination
        currentPageIndex={page}
        pagesCount={pagesCount}
        disabled={disabled}
        onChange={({ detail }) => onChange(detail.currentPageIndex)}
        ariaLabels={PAGINATION_LABELS}
      />
    </SpaceBetween>
  );
}
