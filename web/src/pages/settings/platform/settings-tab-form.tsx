import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import type { ReactNode } from 'react';

/** A platform tab's form: its fields and one 'Salvar' (Enter in a field also saves). */
export function SettingsTabForm({
  name,
  saving,
  onSubmit,
  children,
}: {
  /** `settings-${name}-form` / `settings-${name}-save` test ids. */
  name: 'dashboard' | 'portal' | 'communication';
  saving: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      data-testid={`settings-${name}-form`}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Form
        actions={
          <Button
            variant="primary"
            formAction="submit"
            loading={saving}
            data-testid={`settings-${name}-save`}
          >
            Salvar
          </Button>
        }
      >
        {children}
      </Form>
    </form>
  );
}
