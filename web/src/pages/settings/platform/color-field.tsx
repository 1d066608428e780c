import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { SettingKey } from '@freguesia/shared/schemas/settings';
import { useController, type Control } from 'react-hook-form';
import { sixDigitHex, type SettingValues } from './platform-form';

interface ColorFieldProps {
  control: Control<SettingValues, unknown, SettingValues>;
  name: SettingKey;
  label: string;
  description?: string;
  /** Empty allowed: offers 'Limpar'. */
  optional?: boolean;
  testid: string;
}

/** A colour setting: the browser's colour picker plus the #RRGGBB text, kept in sync. */
export function ColorField({ control, name, label, description, optional, testid }: ColorFieldProps) {
  const { field, fieldState } = useController({ control, name });
  const value = field.value ?? '';
  const hex = sixDigitHex(value);
  return (
    <FormField
      label={label}
      description={description}
      errorText={fieldState.error?.message}
      controlId={`${testid}-text`}
    >
      <SpaceBetween direction="horizontal" size="xs" alignItems="center">
        <input
          type="color"
          className="settings-color-picker"
          value={hex ?? '#ffffff'}
          aria-label={`${label}: escolher cor`}
          data-testid={`${testid}-picker`}
          onChange={(event) => field.onChange(event.target.value)}
        />
        <div className="settings-color-text">
          <Input
            value={value}
            placeholder={optional ? 'Sem cor' : '#RRGGBB'}
            onChange={({ detail }) => field.onChange(detail.value)}
            data-testid={testid}
          />
        </div>
        {optional && value !== '' && (
          <Button variant="inline-link" onClick={() => field.onChange('')}>
            Limpar
          </Button>
        )}
      </SpaceBetween>
    </FormField>
  );
}
