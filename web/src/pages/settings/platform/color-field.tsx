import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { sixDigitHex } from './platform-form';

interface ColorFieldProps {
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  errorText?: string;
  /** Empty allowed: offers 'Limpar'. */
  optional?: boolean;
  testid: string;
}

/** A colour: the browser's colour picker plus the #RRGGBB text, kept in sync. */
export function ColorField({ label, description, value, onChange, errorText, optional, testid }: ColorFieldProps) {
  const hex = sixDigitHex(value);
  return (
    <FormField label={label} description={description} errorText={errorText} controlId={`${testid}-text`}>
      <SpaceBetween direction="horizontal" size="xs" alignItems="center">
        <input
          type="color"
          className="settings-color-picker"
          value={hex ?? '#ffffff'}
          aria-label={`${label}: escolher cor`}
          data-testid={`${testid}-picker`}
          onChange={(event) => onChange(event.target.value)}
        />
        <div className="settings-color-text">
          <Input
            value={value}
            placeholder={optional ? 'Sem cor' : '#RRGGBB'}
            onChange={({ detail }) => onChange(detail.value)}
            data-testid={testid}
          />
        </div>
        {optional && value !== '' && (
          <Button variant="inline-link" onClick={() => onChange('')}>
            Limpar
          </Button>
        )}
      </SpaceBetween>
    </FormField>
  );
}
