import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { CUSTOMER_MESSAGES } from '@freguesia/shared/schemas/customer';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failureMessage } from '../../api/client';
import { useSaveCustomerTags, type CustomerDetails } from '../../api/customers';
import { tenantKey } from '../../api/query';
import { useCan } from '../../app/ability';
import { notify } from '../../app/notifications/notify';
import { MAX_CUSTOMER_TAGS, TagsMultiselect } from './tags-field';

/**
 * The 'Tags' card of the customer details: the customer's tags, and for write Customers
 * 'Alterar tags' to pick them among the tenant's tags. Saved alone (PUT /web/customer/tags), so a
 * customer whose record lacks a field the staff form requires (no CEP: registered on the portal
 * or at a point of sale) can still be tagged.
 */
export function CustomerTags({ customer }: { customer: CustomerDetails }) {
  const canWrite = useCan('write', 'Customers');
  const client = useQueryClient();
  const save = useSaveCustomerTags();
  const [editing, setEditing] = useState<string[] | null>(null);

  const submit = async () => {
    if (!editing) return;
    try {
      await save.mutateAsync({ id: customer.id, tags: editing });
      // Tag populations change with the customer.
      void client.invalidateQueries({ queryKey: tenantKey('tags') });
      notify({ type: 'success', content: CUSTOMER_MESSAGES.updated });
      setEditing(null);
    } catch (error) {
      notify({
        type: 'error',
        header: 'Erro ao salvar as tags',
        content: failureMessage(error, 'Tente novamente.'),
      });
    }
  };

  return (
    <Container
      header={
        <Header
          variant="h2"
          actions={
            canWrite && !editing ? (
              <Button
                iconName="edit"
                data-testid="customer-tags-edit"
                onClick={() => setEditing([...customer.tags])}
              >
                Alterar tags
              </Button>
            ) : undefined
          }
        >
          Tags
        </Header>
      }
    >
      {editing ? (
        <SpaceBetween size="s">
          <FormField label="Tags do cliente" description={`Até ${MAX_CUSTOMER_TAGS} tags.`} stretch>
            <TagsMultiselect value={editing} onChange={setEditing} disabled={save.isPending} />
          </FormField>
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" disabled={save.isPending} onClick={() => setEditing(null)}>
                Cancelar
              </Button>
              <Button
                variant="primary"
                loading={save.isPending}
                data-testid="customer-tags-save"
                onClick={() => void submit()}
              >
                Salvar
              </Button>
            </SpaceBetween>
          </Box>
        </SpaceBetween>
      ) : customer.tags.length > 0 ? (
        <SpaceBetween direction="horizontal" size="xs" data-testid="customer-tags">
          {customer.tags.map((tag) => (
            <Badge key={tag} color="blue">
              {tag}
            </Badge>
          ))}
        </SpaceBetween>
      ) : (
        <Box color="text-body-secondary">Nenhuma tag associada a este cliente.</Box>
      )}
    </Container>
  );
}
