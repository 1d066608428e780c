import Alert from '@cloudscape-design/components/alert';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { DATA_MIGRATION_STATUS_LABELS, type DataMigrationStatus } from '@freguesia/shared/schemas/migrations';
import { useDataMigrations } from '../../api/migrations';
import { formatDateTime } from '../../components/format';

const INDICATOR = { done: 'success', running: 'in-progress', pending: 'pending' } as const;

/**
 * /settings/migrations 'Migrações de dados' (read Settings): the data migrations of the tenant —
 * backfills of data written before a change, run by the platform by themselves — with their state,
 * pages, records changed and the last error of a stopped run. Read-only.
 */
export default function MigrationsPage() {
  const migrations = useDataMigrations();
  return (
    <Table<DataMigrationStatus>
      header={
        <Header
          variant="h1"
          description="Atualizações dos dados gravados antes de uma mudança do sistema. Rodam sozinhas, uma vez, e retomam de onde pararam."
        >
          Migrações de dados
        </Header>
      }
      loading={migrations.isLoading}
      loadingText="Carregando migrações"
      items={migrations.data ?? []}
      trackBy="id"
      empty={
        migrations.isError ? (
          <Alert type="error">Não foi possível carregar as migrações.</Alert>
        ) : (
          'Nenhuma migração registrada.'
        )
      }
      columnDefinitions={[
        { id: 'description', header: 'Migração', cell: (m) => m.description },
        {
          id: 'status',
          header: 'Situação',
          cell: (m) => (
            <StatusIndicator type={INDICATOR[m.status]}>
              {DATA_MIGRATION_STATUS_LABELS[m.status]}
            </StatusIndicator>
          ),
        },
        { id: 'pages', header: 'Páginas', cell: (m) => m.pages },
        { id: 'changed', header: 'Registros alterados', cell: (m) => m.changed },
        { id: 'started', header: 'Início', cell: (m) => formatDateTime(m.started_at) },
        { id: 'finished', header: 'Conclusão', cell: (m) => formatDateTime(m.finished_at) },
        { id: 'error', header: 'Último erro', cell: (m) => m.last_error ?? '' },
      ]}
    />
  );
}
