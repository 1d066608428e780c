import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';

export interface RowAction {
  id: string;
  text: string;
  /** Hidden when false (e.g. the user lacks the permission). */
  visible?: boolean;
  disabled?: boolean;
  disabledReason?: string;
  onClick: () => void;
}

/**
 * The 'Opções' cell of a list row: a compact menu of the row's actions (Detalhes, Alterar,
 * Excluir, …), each gated by the caller. Nothing visible → the empty sign.
 */
export function RowActions({
  label,
  actions,
}: {
  /** What the row is, for the menu's accessible name. */ label: string;
  actions: RowAction[];
}) {
  const shown = actions.filter((a) => a.visible !== false);
  if (shown.length === 0) return <>{NO_OPTIONS}</>;
  const items: ButtonDropdownProps.Item[] = shown.map((a) => ({
    id: a.id,
    text: a.text,
    disabled: a.disabled,
    disabledReason: a.disabledReason,
  }));
  return (
    <ButtonDropdown
      variant="inline-icon"
      ariaLabel={`Opções de ${label}`}
      expandToViewport
      items={items}
      onItemClick={({ detail }) => shown.find((a) => a.id === detail.id)?.onClick()}
    />
  );
}

/** The options cell of a user who may do nothing on the row. */
export const NO_OPTIONS = '-';
