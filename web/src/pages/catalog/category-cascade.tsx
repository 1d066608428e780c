import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { CascaderNode } from '../../api/catalog';
import { cascadeLevels, choosePath } from './category-tree';

const NONE = '';

/**
 * The cascading parent selector (spec part 1 §5 "Category"): one select per level, each listing
 * the children of the category chosen in the previous one. `value` is the chosen path of ids; the
 * parent is its last id (a change at any level counts: choosing at level 1 drops levels below).
 */
export function CategoryCascade({
  tree,
  value,
  onChange,
  maxDepth,
  loading,
  disabled,
}: {
  tree: readonly CascaderNode[];
  value: readonly number[];
  onChange: (path: number[]) => void;
  /** How many levels can be chosen (a parent can be at most level MAX_CATEGORY_LEVEL − 1). */
  maxDepth: number;
  loading?: boolean;
  disabled?: boolean;
}) {
  const levels = cascadeLevels(tree, value, maxDepth);
  if (levels.length === 0) {
    return (
      <Select
        selectedOption={{ value: NONE, label: loading ? 'Carregando…' : 'Nenhuma (categoria raiz)' }}
        options={[]}
        disabled
        statusType={loading ? 'loading' : 'finished'}
        data-testid="category-parent-0"
        onChange={() => undefined}
      />
    );
  }
  return (
    <SpaceBetween size="xs" direction="horizontal">
      {levels.map((options, depth) => {
        const chosen = options.find((node) => node.value === value[depth]);
        const emptyLabel = depth === 0 ? 'Nenhuma (categoria raiz)' : 'Nenhuma (usar a anterior)';
        return (
          <div key={depth} style={{ minWidth: 220 }}>
            <Select
              ariaLabel={`Categoria pai, nível ${depth + 1}`}
              data-testid={`category-parent-${depth}`}
              disabled={disabled}
              filteringType="auto"
              filteringPlaceholder="Buscar categoria"
              selectedOption={
                chosen
                  ? { value: String(chosen.value), label: chosen.label }
                  : { value: NONE, label: emptyLabel }
              }
              options={[
                { value: NONE, label: emptyLabel },
                ...options.map((node) => ({ value: String(node.value), label: node.label })),
              ]}
              onChange={({ detail }) => {
                const id = detail.selectedOption.value ? Number(detail.selectedOption.value) : undefined;
                onChange(choosePath(value, depth, id));
              }}
            />
          </div>
        );
      })}
    </SpaceBetween>
  );
}
