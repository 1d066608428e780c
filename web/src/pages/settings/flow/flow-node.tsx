import { Handle, Position, useUpdateNodeInternals, type Node, type NodeProps } from '@xyflow/react';
import { NODE_KIND_LABELS, type NodeKind } from '@freguesia/shared/schemas/customer-service';
import { createContext, useContext, useEffect } from 'react';
import { hasInput, outputsOf, summaryOf } from './flow-graph';

/** What the cards read from the page: the problems by node and the departments' names. */
export interface FlowCardContext {
  errors: ReadonlyMap<string, string[]>;
  showErrors: boolean;
  departments: ReadonlyMap<number, string>;
}

export const FlowCardContext = createContext<FlowCardContext>({
  errors: new Map(),
  showErrors: false,
  departments: new Map(),
});

export type FlowCardNode = Node<Record<string, unknown>>;

/**
 * A component on the canvas: its kind, step name and main text, an input on the left (not on
 * Start) and one output per branch on the right (Condition true/false, each SendButtons option,
 * 'Resposta inválida' when an answer with a pattern is awaited).
 */
export function FlowCard({ id, type, data, selected }: NodeProps<FlowCardNode>) {
  const { errors, showErrors, departments } = useContext(FlowCardContext);
  const outputs = outputsOf(type, data);
  const updateInternals = useUpdateNodeInternals();
  const handlesKey = outputs.map((o) => o.handle).join('|');
  // The outputs change with the data (options, pattern): xyflow must measure them again.
  useEffect(() => updateInternals(id), [id, handlesKey, updateInternals]);

  const problems = showErrors ? (errors.get(id) ?? []) : [];
  const step = typeof data.step === 'string' ? data.step.trim() : '';
  let summary = summaryOf(type, data);
  if (type === 'Transfer') {
    const name = departments.get(Number(data.department));
    summary = [name ? `Setor ${name}` : 'Setor não escolhido', summary].filter(Boolean).join(' · ');
  }
  const wait = Number(data.wait) || 0;

  return (
    <div
      className={`flow-card flow-kind-${type}${selected ? ' flow-card-selected' : ''}${problems.length ? ' flow-card-error' : ''}`}
      data-testid={`flow-node-${id}`}
      title={problems.join('\n') || undefined}
    >
      {hasInput(type) && <Handle type="target" position={Position.Left} className="flow-handle-in" />}
      <div className="flow-card-kind">{NODE_KIND_LABELS[type as NodeKind] ?? type}</div>
      <div className="flow-card-step">{step || <span className="flow-card-step-id">{id}</span>}</div>
      {summary && <div className="flow-card-summary">{summary}</div>}
      <div className="flow-card-tags">
        {wait > 0 && <span>⏱ {wait}s</span>}
        {data.savevariable === true && typeof data.variablename === 'string' && data.variablename && (
          <span>→ {`{{${data.variablename}}}`}</span>
        )}
        {problems.length > 0 && <span className="flow-card-problem">⚠ {problems.length}</span>}
      </div>
      {outputs.length > 0 && (
        <div className="flow-card-outputs">
          {outputs.map((o) => (
            <div key={o.handle} className="flow-card-output">
              <span>{o.label}</span>
              <Handle
                type="source"
                position={Position.Right}
                id={o.handle}
                className={`flow-handle-out${o.handle === 'invalid' || o.handle === 'false' ? ' flow-handle-alt' : ''}`}
              />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
