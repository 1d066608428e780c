import Box from '@cloudscape-design/components/box';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Slider from '@cloudscape-design/components/slider';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { CMS_DAY_MARKS, CMS_DEFAULT_DAYS, CMS_MAX_DAYS, CMS_MESSAGES } from '@freguesia/shared/schemas/cms';
import { readAsBase64, uploadRoute, useUploadCmsFile, useUploadLargeCmsFile } from '../../api/cms';
import { notify } from '../../app/notifications/notify';
import { FormModal } from '../../components/form';

/** 'Novo Upload' (spec part 3 §2, §5, §8): description, one file, the days slider (10/30/60/180, default 15). */
export function UploadForm({ onClose }: { onClose: () => void }) {
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [days, setDays] = useState(CMS_DEFAULT_DAYS);
  const [errors, setErrors] = useState<{ description?: string; file?: string }>({});
  const upload = useUploadCmsFile();
  const uploadLarge = useUploadLargeCmsFile();

  async function submit() {
    const file = files[0];
    if (!file) {
      notify({ type: 'error', content: CMS_MESSAGES.choose });
      setErrors({
        file: CMS_MESSAGES.file,
        ...(description.trim() ? {} : { description: CMS_MESSAGES.description }),
      });
      return;
    }
    if (!description.trim()) return setErrors({ description: CMS_MESSAGES.description });
    const route = uploadRoute(file.size);
    if (route === 'too-large') return setErrors({ file: CMS_MESSAGES.largeTooLarge });
    setErrors({});
    try {
      // Up to 7 MB as the spec says (base64 in the body); larger files straight to storage.
      if (route === 'base64')
        await upload.mutateAsync({ description, file: await readAsBase64(file), filename: file.name, days });
      else await uploadLarge.mutateAsync({ description, file, filename: file.name, days });
    } catch (error) {
      notify({
        type: 'error',
        header: CMS_MESSAGES.uploadFailed,
        content: error instanceof Error ? error.message : 'Tente novamente.',
      });
      return;
    }
    notify({ type: 'success', content: CMS_MESSAGES.uploaded });
    onClose();
  }

  return (
    <FormModal
      visible
      size="medium"
      title="Novo Upload"
      onDismiss={onClose}
      onSubmit={() => void submit()}
      saving={upload.isPending || uploadLarge.isPending}
      submitLabel="Enviar"
      testId="cms-upload"
      dirty={files.length > 0 || description !== ''}
    >
      <SpaceBetween size="l">
        <FormField label="Descrição *" errorText={errors.description}>
          <Input
            value={description}
            onChange={({ detail }) => setDescription(detail.value)}
            invalid={Boolean(errors.description)}
            data-testid="cms-description"
          />
        </FormField>
        <FormField label="Arquivo *" errorText={errors.file} constraintText="Um arquivo por vez, até 100 MB.">
          <FileUpload
            value={files}
            onChange={({ detail }) => setFiles(detail.value.slice(-1))}
            showFileSize
            showFileLastModified={false}
            i18nStrings={{
              uploadButtonText: () => 'Escolher arquivo',
              dropzoneText: () => 'Arraste o arquivo para cá',
              removeFileAriaLabel: (i) => `Remover arquivo ${i + 1}`,
              errorIconAriaLabel: 'Erro',
              warningIconAriaLabel: 'Aviso',
            }}
            data-testid="cms-file"
          />
        </FormField>
        <FormField label={`Manter por ${days} dias`} description="Depois disso o arquivo é removido.">
          <Box padding={{ horizontal: 's' }}>
            <Slider
              value={days}
              min={1}
              max={CMS_MAX_DAYS}
              referenceValues={[...CMS_DAY_MARKS]}
              valueFormatter={(v) => `${v} dias`}
              onChange={({ detail }) => setDays(detail.value)}
              ariaLabel="Dias"
              data-testid="cms-days"
            />
          </Box>
        </FormField>
      </SpaceBetween>
    </FormModal>
  );
}
