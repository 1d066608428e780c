import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { fromDisplayDate } from '@freguesia/shared/domain/dates';
import { AUDIT_ENTITIES } from '@freguesia/shared/schemas/audit';
import { useState } from 'react';
import { useAuditLog } from '../../api/audit';
import { AuditTable } from '../../components/audit-history';
import { DateInput } from '../../components/date-input';

const ALL = { value: '', label: 'Todos os registros' };
const ENTITY_OPTIONS = [ALL, ...Object.entries(AUDIT_ENTITIES).map(([value, label]) => ({ value, label }))];

/**
 * /settings/audit 'Auditoria' (write Settings): the tenant's audit log, newest first — who created,
 * changed, approved, sent, paused, cancelled, deleted or exported what, with the fields before and
 * after. Read-only: nothing here (or in the API) edits the log.
 */
export default function AuditPage() {
  const [entity, setEntity] = useState(ALL);
  const [fromText, setFromText] = useState('');
  const [toText, setToText] = useState('');
  const from = fromDisplayDate(fromText);
  const to = fromDisplayDate(toText);
  const badFrom = fromText !== '' && !from;
  const badTo = toText !== '' && !to;
  const log = useAuditLog({
    entity: entity.value || undefined,
    from: badFrom ? undefined : from,
    to: badTo ? undefined : to,
  });
  return (
    <Container
      header={
        <Header
          variant="h1"
          description="Quem criou, alterou, aprovou, enviou, pausou, cancelou, excluiu ou exportou cada registro, com os campos antes e depois. O histórico não pode ser alterado."
        >
          Auditoria
        </Header>
      }
    >
      <SpaceBetween size="m">
        <SpaceBetween direction="horizontal" size="m">
          <FormField label="Registro">
            <Select
              selectedOption={entity}
              options={ENTITY_OPTIONS}
              onChange={({ detail }) => setEntity(detail.selectedOption as typeof ALL)}
              data-testid="audit-entity"
            />
          </FormField>
          <FormField label="De" errorText={badFrom ? 'Data inválida.' : undefined}>
            <DateInput value={fromText} onChange={setFromText} ariaLabel="De" />
          </FormField>
          <FormField label="Até" errorText={badTo ? 'Data inválida.' : undefined}>
            <DateInput value={toText} onChange={setToText} ariaLabel="Até" />
          </FormField>
        </SpaceBetween>
        <AuditTable log={log} withRecord empty="Nenhum registro de auditoria encontrado." />
      </SpaceBetween>
    </Container>
  );
}
