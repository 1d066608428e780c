import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Table from '@cloudscape-design/components/table';
import { maskDocument, maskPhone } from '@freguesia/shared/domain/masks';
import { EMPTY, formatCount } from '../../components/format';
import type { FileRow, FileRows } from './file-rows';

/** Rows shown in the preview table of a read file. */
export const PREVIEW_ROWS = 5;

export const FILE_HINT =
  'Arraste e solte a planilha aqui ou clique em "Escolher arquivo". Apenas um arquivo .xlsx ou .xls; um novo arquivo substitui o anterior. ' +
  'Colunas reconhecidas na primeira linha: document (ou CPF), email, fullname (ou nome) e cellphone (ou celular).';

export interface FileState {
  file: File | null;
  reading: boolean;
  read: FileRows | null;
  error?: string;
}

/**
 * The upload of a file (F) or e-mail (E) lead: one spreadsheet, read in the browser; shows how
 * many rows were read and the first ones. Only the last file chosen counts.
 */
export function FilePanel({
  origin,
  state,
  onFile,
  errorText,
  currentPopulation,
}: {
  origin: 'F' | 'E';
  state: FileState;
  onFile: (file: File | null) => void;
  errorText?: string;
  /** Editing: the members the lead has now (kept unless a new file is sent). */
  currentPopulation?: number;
}) {
  return (
    <SpaceBetween size="m">
      {currentPopulation !== undefined && !state.file ? (
        <Alert type="info">
          {`Este lead tem ${formatCount(currentPopulation)} cliente(s). Envie uma nova planilha para substituí-los; sem arquivo, os clientes atuais são mantidos.`}
        </Alert>
      ) : null}
      <FormField
        label={origin === 'E' ? 'Planilha de e-mails' : 'Planilha de clientes'}
        description={
          origin === 'E'
            ? 'Os clientes são encontrados pelo e-mail (coluna email).'
            : 'Os clientes são encontrados pelo documento e, sem ele, pelo e-mail.'
        }
        constraintText={FILE_HINT}
        errorText={state.error ?? errorText}
      >
        <FileUpload
          data-testid="lead-file"
          value={state.file ? [state.file] : []}
          accept=".xlsx,.xls"
          multiple={false}
          showFileSize
          showFileLastModified
          onChange={({ detail }) => onFile(detail.value.at(-1) ?? null)}
          i18nStrings={{
            uploadButtonText: () => 'Escolher arquivo',
            dropzoneText: () => 'Solte o arquivo para enviar',
            removeFileAriaLabel: () => 'Remover arquivo',
            limitShowFewer: 'Mostrar menos',
            limitShowMore: 'Mostrar mais',
            errorIconAriaLabel: 'Erro',
            warningIconAriaLabel: 'Aviso',
            formatFileSize: (bytes) =>
              bytes < 1024 * 1024
                ? `${Math.max(1, Math.round(bytes / 1024))} KB`
                : `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`,
            formatFileLastModified: (date) => `Modificado em ${date.toLocaleDateString('pt-BR')}`,
          }}
        />
      </FormField>
      {state.reading ? (
        <Box>
          <Spinner /> Lendo a planilha…
        </Box>
      ) : null}
      {state.read ? <FilePreview rows={state.read} /> : null}
    </SpaceBetween>
  );
}

function FilePreview({ rows }: { rows: FileRows }) {
  const shown = rows.rows.slice(0, PREVIEW_ROWS);
  return (
    <Table<FileRow>
      data-testid="lead-file-preview"
      variant="embedded"
      items={shown}
      header={
        <Box variant="h3" data-testid="lead-file-count">
          {`${formatCount(rows.rows.length)} linha(s) lida(s)`}
          {rows.skipped > 0 ? ` · ${formatCount(rows.skipped)} ignorada(s) sem documento ou e-mail` : ''}
        </Box>
      }
      footer={
        rows.rows.length > PREVIEW_ROWS ? (
          <Box color="text-body-secondary">{`Mostrando as primeiras ${PREVIEW_ROWS} linhas.`}</Box>
        ) : undefined
      }
      empty={<Box textAlign="center">Nenhuma linha com cliente na planilha.</Box>}
      columnDefinitions={[
        { id: 'document', header: 'Documento', cell: (r) => (r.document ? maskDocument(r.document) : EMPTY) },
        { id: 'fullname', header: 'Nome', cell: (r) => r.fullname || EMPTY },
        { id: 'email', header: 'E-mail', cell: (r) => r.email || EMPTY },
        { id: 'cellphone', header: 'Celular', cell: (r) => (r.cellphone ? maskPhone(r.cellphone) : EMPTY) },
      ]}
    />
  );
}
