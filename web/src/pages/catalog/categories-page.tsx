import ColumnLayout from '@cloudscape-design/components/column-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { CategoryInput } from '@freguesia/shared/schemas/catalog';
import { categoriesList, useCategoryTree, useSaveCategory, type Category } from '../../api/catalog';
import { Field, FormModal, TextField, ToggleField, useFormSubmit, useZodForm } from '../../components/form';
import { useServerList } from '../../components/table';
import { CategoryCascade } from './category-cascade';
import { lastOfPath, pathTo } from './category-tree';
import { EditableListPage } from './editable-list-page';
import { ImageThumb } from './image-thumb';

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

function CategoryForm({ onClose }: { onClose: () => void }) {
  const form = useZodForm(CategoryInput, {
    defaultValues: {
      description: '',
      reference_code: '',
      level_up: 0,
      active: 'Y',
      show_app: 'Y',
      image: '',
    },
  });
  const tree = useCategoryTree();
  const save = useSaveCategory();
  const { submit, saving } = useFormSubmit(
    form,
    (values) => save.mutateAsync(values),
    {
      success: CATEGORY_CREATED,
      failureHeader: 'Erro ao cadastrar categoria',
    },
    onClose,
  );
  return (
    <FormModal
      visible
      title="Nova categoria"
      onDismiss={onClose}
      onSubmit={submit}
      saving={saving}
      testId="category-form"
      dirty={form.formState.isDirty}
    >
      <SpaceBetween size="l">
        <ColumnLayout columns={2}>
          <TextField
            control={form.control}
            name="description"
            label="Descrição *"
            testId="category-description"
          />
          <TextField
            control={form.control}
            name="reference_code"
            label="Referência *"
            testId="category-reference"
          />
        </ColumnLayout>
        <Field
          control={form.control}
          name="level_up"
          label="Categoria pai"
          description="Escolha nível a nível; a última categoria escolhida será a categoria pai. Sem escolha, a categoria fica na raiz."
        >
          {(field) => (
            <CategoryCascade
              tree={tree.data ?? []}
              value={pathTo(tree.data ?? [], typeof field.value === 'number' ? field.value : 0)}
              onChange={(path) => field.onChange(lastOfPath(path))}
              maxDepth={MAX_PARENT_DEPTH}
              loading={tree.isPending}
            />
          )}
        </Field>
        <TextField
          control={form.control}
          name="image"
          label="URL da imagem"
          testId="category-image"
          input={{ type: 'url', placeholder: 'https://' }}
        />
        <ColumnLayout columns={2}>
          <ToggleField control={form.control} name="active" flag={['Y', 'N']} testId="category-active">
            Ativa
          </ToggleField>
          <ToggleField control={form.control} name="show_app" flag={['Y', 'N']} testId="category-show-app">
            Exibir no app
          </ToggleField>
        </ColumnLayout>
      </SpaceBetween>
    </FormModal>
  );
}

/** /categories 'Categorias' (read Products): paged list of 50 and the create form (write Products). */
export default function CategoriesPage() {
  const list = useServerList({ ...categoriesList, perPage: CATEGORIES_PAGE_SIZE });
  return (
    <EditableListPage<Category>
      heading="Categorias"
      testId="categories-table"
      title="Lista de categorias"
      loadingText="Carregando categorias"
      list={list}
      subject="Products"
      newButton={{ label: 'Nova categoria', testId: 'category-new' }}
      rowAction={false}
      rowLabel={(c) => c.description}
      search={{
        placeholder: 'Buscar por descrição ou referência',
        ariaLabel: 'Buscar categorias',
        testId: 'category-search',
      }}
      noun="categoria(s)"
      emptyText="Nenhuma categoria cadastrada."
      noMatchText="Nenhuma categoria encontrada."
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
      form={(_category, close) => <CategoryForm onClose={close} />}
    />
  );
}
