import Box from '@cloudscape-design/components/box';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';

/** Pagination with the spec's total text ('Total de N categoria(s)'). */
export function PagerWithTotal({
  page,
  pagesCount,
  total,
  noun,
  onChange,
  disabled,
}: {
  page: number;
  pagesCount: number;
  total: number;
  /** What is counted: 'categoria(s)' → 'Total de N categoria(s)'. */
  noun: string;
  onChange: (page: number) => void;
  disabled?: boolean;
}) {
  return (
    <SpaceBetween direction="horizontal" size="s" alignItems="center">
      <Box color="text-body-secondary" fontSize="body-s" data-testid="list-total">
        {`Total de ${total.toLocaleString('pt-BR')} ${noun}`}
      </Box>
      <Pagination
        currentPageIndex={page}
        pagesCount={pagesCount}
        disabled={disabled}
        onChange={({ detail }) => onChange(detail.currentPageIndex)}
        ariaLabels={{
          nextPageLabel: 'Próxima página',
          previousPageLabel: 'Página anterior',
          pageLabel: (n) => `Página ${n}`,
        }}
      />
    </SpaceBetween>
  );
}
