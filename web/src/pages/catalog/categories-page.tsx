import ColumnLayout from '@cloudscape-design/components/column-layout';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Toggle from '@cloudscape-design/components/toggle';
import { useEffect, useState } from 'react';
import {
  categoriesCascader,
  createCategory,
  listCategories,
  type CascaderNode,
  type Category,
} from '../../api/catalog';
import { CategoryCascade } from './category-cascade';
import { lastOfPath } from './format';
import { FormModal } from '../../components/form';
import { useSaveForm } from './use-save-form';
import { ImageThumb } from './image-thumb';
import { PagedListTable } from './paged-list-table';
import { useDebounced, usePagedList } from './use-paged-list';

export const CATEGORIES_PAGE_SIZE = 50;
export const CATEGORY_CREATED = 'Categoria incluída com sucesso';
/** Categories have at most 3 levels, so a parent is at most level 2. */
const MAX_PARENT_DEPTH = 2;

const flag = (value: 'Y' | 'N') =>
  value === 'Y' ? (
    <StatusIndicator type="success">Sim</StatusIndicator>
  ) : (
    <StatusIndicator type="stopped">Não</StatusIndicator>
  );

interface CategoryDraft {
  description: string;
  reference_code: string;
  parentPath: number[];
  active: boolean;
  show_app: boolean;
  image: string;
}

const EMPTY: CategoryDraft = {
  description: '',
  reference_code: '',
  parentPath: [],
  active: true,
  show_app: true,
  image: '',
};

function CategoryForm({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const [draft, setDraft] = useState<CategoryDraft>(EMPTY);
  const { errors, saving, submit } = useSaveForm(onSaved);
  const [tree, setTree] = useState<{ nodes: CascaderNode[]; loaded: boolean }>({ nodes: [], loaded: false });
  const set = (patch: Partial<CategoryDraft>) => setDraft((d) => ({ ...d, ...patch }));

  useEffect(() => {
    let alive = true;
    categoriesCascader().then(
      (nodes) => alive && setTree({ nodes, loaded: true }),
      () => alive && setTree({ nodes: [], loaded: true }),
    );
    return () => {
      alive = false;
    };
  }, []);

  function save() {
    const found: Record<string, string> = {};
    if (!draft.description.trim()) found.description = 'Digite a descrição da mercadoria';
    if (!draft.reference_code.trim()) found.reference_code = 'Digite a referência da categoria';
    return submit(
      found,
      () =>
        createCategory({
          description: draft.description.trim(),
          reference_code: draft.reference_code.trim(),
          level_up: lastOfPath(draft.parentPath),
          active: draft.active ? 'Y' : 'N',
          show_app: draft.show_app ? 'Y' : 'N',
          image: draft.image.trim(),
        }),
      { success: CATEGORY_CREATED, failureHeader: 'Erro ao cadastrar categoria' },
    );
  }

  return (
    <FormModal
      visible
      title="Nova categoria"
      onDismiss={onClose}
      onSubmit={() => void save()}
      saving={saving}
      testId="category-form"
    >
      <SpaceBetween size="l">
        <ColumnLayout columns={2}>
          <FormField label="Descrição *" errorText={errors.description}>
            <Input
              value={draft.description}
              data-testid="category-description"
              onChange={({ detail }) => set({ description: detail.value })}
            />
          </FormField>
          <FormField label="Referência *" errorText={errors.reference_code}>
            <Input
              value={draft.reference_code}
              data-testid="category-reference"
              onChange={({ detail }) => set({ reference_code: detail.value })}
            />
          </FormField>
        </ColumnLayout>
        <FormField
          label="Categoria pai"
          description="Escolha nível a nível; a última categoria escolhida será a categoria pai. Sem escolha, a categoria fica na raiz."
          errorText={errors.level_up}
        >
          <CategoryCascade
            tree={tree.nodes}
            value={draft.parentPath}
            onChange={(parentPath) => set({ parentPath })}
            maxDepth={MAX_PARENT_DEPTH}
            loading={!tree.loaded}
          />
        </FormField>
        <FormField label="URL da imagem" errorText={errors.image}>
          <Input
            value={draft.image}
            type="url"
            placeholder="https://"
            data-testid="category-image"
            onChange={({ detail }) => set({ image: detail.value })}
          />
        </FormField>
        <ColumnLayout columns={2}>
          <Toggle
            checked={draft.active}
            data-testid="category-active"
            onChange={({ detail }) => set({ active: detail.checked })}
          >
            Ativa
          </Toggle>
          <Toggle
            checked={draft.show_app}
            data-testid="category-show-app"
            onChange={({ detail }) => set({ show_app: detail.checked })}
          >
            Exibir no app
          </Toggle>
        </ColumnLayout>
      </SpaceBetween>
    </FormModal>
  );
}

/** /categories 'Categorias' (read Products): paged list of 50 and the create form (write Products). */
export default function CategoriesPage() {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const list = usePagedList(listCategories, { q }, CATEGORIES_PAGE_SIZE);
  const [creating, setCreating] = useState(false);

  return (
    <ContentLayout header={<Header variant="h1">Categorias</Header>}>
      <PagedListTable<Category>
        testId="categories-table"
        title="Lista de categorias"
        loadingText="Carregando categorias"
        list={list}
        subject="Products"
        newButton={{ label: 'Nova categoria', testId: 'category-new', onClick: () => setCreating(true) }}
        search={{
          text,
          onChange: setText,
          placeholder: 'Buscar por descrição ou referência',
          ariaLabel: 'Buscar categorias',
          testId: 'category-search',
        }}
        noun="categoria(s)"
        emptyText={q ? 'Nenhuma categoria encontrada.' : 'Nenhuma categoria cadastrada.'}
        columns={[
          {
            id: 'image',
            header: 'Imagem',
            width: 80,
            cell: (c) => <ImageThumb src={c.image || c.url} alt={c.description} />,
          },
          { id: 'level', header: 'Nível', width: 80, cell: (c) => c.level },
          { id: 'reference_code', header: 'Referência', cell: (c) => c.reference_code },
          { id: 'description', header: 'Descrição', cell: (c) => c.description },
          { id: 'active', header: 'Ativa', cell: (c) => flag(c.active) },
          { id: 'show_app', header: 'Exibir no app', cell: (c) => flag(c.show_app) },
        ]}
      />
      {creating ? (
        <CategoryForm
          onClose={() => setCreating(false)}
          onSaved={() => {
            setCreating(false);
            list.reload();
          }}
        />
      ) : null}
    </ContentLayout>
  );
}
