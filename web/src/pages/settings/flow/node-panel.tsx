import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { NODE_KIND_LABELS, type NodeKind } from '@freguesia/shared/schemas/customer-service';
import type { EditorNode } from './flow-graph';
import { fieldValue, fieldsOf, type FieldSpec } from './node-fields';

const asText = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** One field of the panel. */
function NodeField({
  spec,
  value,
  departments,
  onChange,
}: {
  spec: FieldSpec;
  value: unknown;
  departments: readonly { value: string; label: string }[];
  onChange: (value: unknown) => void;
}) {
  const controlId = `flow-field-${spec.name}`;
  const input = spec.input;
  if (input.kind === 'toggle') {
    return (
      <FormField description={spec.description}>
        <Toggle
          checked={value === true}
          onChange={({ detail }) => onChange(fieldValue(spec, detail.checked))}
        >
          {spec.label}
        </Toggle>
      </FormField>
    );
  }
  let control;
  if (input.kind === 'textarea') {
    control = (
      <Textarea
        controlId={controlId}
        rows={input.rows}
        spellcheck={!input.code}
        value={asText(value)}
        onChange={({ detail }) => onChange(fieldValue(spec, detail.value))}
      />
    );
  } else if (input.kind === 'select' || input.kind === 'department') {
    const options = input.kind === 'select' ? input.options : departments;
    const selected = options.find((o) => o.value === asText(value)) ?? null;
    control = (
      <Select
        controlId={controlId}
        selectedOption={selected}
        options={[...options]}
        placeholder={input.kind === 'department' ? 'Selecione o setor' : 'Selecione'}
        empty="Nenhum setor cadastrado"
        onChange={({ detail }) => onChange(fieldValue(spec, detail.selectedOption.value ?? ''))}
      />
    );
  } else {
    control = (
      <Input
        controlId={controlId}
        type={input.kind === 'number' ? 'number' : 'text'}
        inputMode={input.kind === 'number' ? 'numeric' : undefined}
        placeholder={input.kind === 'text' ? input.placeholder : undefined}
        value={asText(value)}
        onChange={({ detail }) => onChange(fieldValue(spec, detail.value))}
      />
    );
  }
  return (
    <FormField label={spec.label} description={spec.description} controlId={controlId} stretch>
      {control}
    </FormField>
  );
}

/**
 * The side panel of the selected component: its fields (the kind's, then step, wait,
 * savevariable, variablename, pattern), its problems, and 'Remover componente' (not for Start).
 */
export function NodePanel({
  node,
  problems,
  departments,
  onChange,
  onRemove,
  onClose,
}: {
  node: EditorNode;
  problems: readonly string[];
  departments: readonly { value: string; label: string }[];
  onChange: (data: Record<string, unknown>) => void;
  onRemove: () => void;
  onClose: () => void;
}) {
  const kind = node.type as NodeKind;
  const fields = NODE_KIND_LABELS[kind] ? fieldsOf(kind) : [];
  return (
    <Container
      data-testid="flow-panel"
      header={
        <Header
          variant="h2"
          description={`Componente ${node.id}`}
          actions={<Button iconName="close" variant="icon" ariaLabel="Fechar painel" onClick={onClose} />}
        >
          {NODE_KIND_LABELS[kind] ?? node.type}
        </Header>
      }
    >
      <SpaceBetween size="m">
        {problems.length > 0 && (
          <Alert type="warning" header="Corrija antes de salvar">
            <ul className="flow-problems">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </Alert>
        )}
        {fields.map((spec) => (
          <NodeField
            key={spec.name}
            spec={spec}
            value={node.data[spec.name]}
            departments={departments}
            onChange={(value) => onChange({ ...node.data, [spec.name]: value })}
          />
        ))}
        {node.type !== 'Start' && (
          <Button iconName="remove" onClick={onRemove} data-testid="flow-remove-node">
            Remover componente
          </Button>
        )}
      </SpaceBetween>
    </Container>
  );
}
