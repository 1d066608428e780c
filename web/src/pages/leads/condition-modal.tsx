import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Modal from '@cloudscape-design/components/modal';
import TextFilter from '@cloudscape-design/components/text-filter';
import { includesFolded } from '@freguesia/shared/domain/text';
import {
  CONDITIONS,
  type ConditionDefinition,
  type ConditionKey,
} from '@freguesia/shared/segmentation/conditions';
import { useState } from 'react';

export const CONDITION_MODAL_TITLE = 'Selecione uma condição';

/**
 * 'Selecione uma condição' (spec part 1 §2, part 2 §2.7): one card per condition type of the
 * shared catalogue, in its order; choosing a card adds a row of that type and closes the modal.
 */
export function ConditionModal({
  visible,
  onChoose,
  onDismiss,
}: {
  visible: boolean;
  onChoose: (key: ConditionKey) => void;
  onDismiss: () => void;
}) {
  const [filter, setFilter] = useState('');
  const shown = CONDITIONS.filter(
    (c) => !filter.trim() || includesFolded(`${c.label} ${c.description}`, filter.trim()),
  );
  const choose = (key: ConditionKey) => {
    setFilter('');
    onChoose(key);
  };
  return (
    <Modal
      visible={visible}
      size="max"
      header={CONDITION_MODAL_TITLE}
      closeAriaLabel="Fechar"
      onDismiss={() => {
        setFilter('');
        onDismiss();
      }}
      data-testid="condition-modal"
      footer={
        <Box float="right">
          <Button variant="link" onClick={onDismiss}>
            Cancelar
          </Button>
        </Box>
      }
    >
      <Cards<ConditionDefinition>
        items={shown}
        trackBy="key"
        cardsPerRow={[
          { cards: 1 },
          { minWidth: 500, cards: 2 },
          { minWidth: 800, cards: 3 },
          { minWidth: 1100, cards: 4 },
        ]}
        filter={
          <div style={{ maxWidth: 360 }}>
            <TextFilter
              filteringText={filter}
              filteringPlaceholder="Filtrar condições"
              filteringAriaLabel="Filtrar condições"
              onChange={({ detail }) => setFilter(detail.filteringText)}
            />
          </div>
        }
        empty={<Box textAlign="center">Nenhuma condição encontrada.</Box>}
        cardDefinition={{
          header: (c) => (
            <Button
              variant="inline-link"
              data-testid={`condition-card-${c.key}`}
              onClick={() => choose(c.key)}
            >
              {c.label}
            </Button>
          ),
          sections: [
            { id: 'description', content: (c) => <Box color="text-body-secondary">{c.description}</Box> },
            {
              id: 'operators',
              content: (c) => (
                <Box fontSize="body-s" color="text-status-inactive">
                  {c.operators.length === 1 ? '1 opção' : `${c.operators.length} opções`}
                </Box>
              ),
            },
          ],
        }}
      />
    </Modal>
  );
}
