import Button from '@cloudscape-design/components/button';
import './settings.css';

interface RowActionsProps {
  /** What the row is, for the buttons' accessible names ('Alterar usuário Maria'). */
  label: string;
  onEdit: () => void;
  /** Omitted when the record cannot be removed (e.g. the Administrador role). */
  onDelete?: () => void;
}

/** The options column of the Ajustes lists for users holding write Settings. */
export function RowActions({ label, onEdit, onDelete }: RowActionsProps) {
  return (
    <div className="settings-row-actions">
      <Button variant="inline-icon" iconName="edit" ariaLabel={`Alterar ${label}`} onClick={onEdit} />
      {onDelete && <Button variant="inline-icon" iconName="remove" ariaLabel={`Remover ${label}`} onClick={onDelete} />}
    </div>
  );
}

/** The options cell without write Settings (spec part 3 §2). */
export const NO_OPTIONS = '-';
