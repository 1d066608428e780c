import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PERMISSIONS, permissionTree } from '@freguesia/shared/domain/permissions';
import { groupState, toggleGroup, togglePermission } from './role-form';

const TREE = permissionTree();

interface PermissionTreeProps {
  selected: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
}

/**
 * The role editor's checkable tree, one group per subject (SUBJECT_LABELS) with its actions
 * (ACTION_LABELS). A group's checkbox ticks or clears all its actions and is indeterminate
 * while only some are ticked.
 */
export function PermissionTree({ selected, onChange }: PermissionTreeProps) {
  return (
    <SpaceBetween size="s">
      <SpaceBetween direction="horizontal" size="xs" alignItems="center">
        <Box variant="small" color="text-body-secondary">
          {selected.size} de {PERMISSIONS.length} permissões marcadas
        </Box>
        <Button variant="inline-link" onClick={() => onChange(new Set(PERMISSIONS.map((p) => p.id)))}>
          Marcar todas
        </Button>
        <Button variant="inline-link" onClick={() => onChange(new Set())}>
          Desmarcar todas
        </Button>
      </SpaceBetween>
      <ColumnLayout columns={3} minColumnWidth={180}>
        {TREE.map((group) => {
          const state = groupState(group, selected);
          return (
            <div
              key={group.subject}
              role="group"
              aria-label={group.label}
              data-testid={`permission-group-${group.subject}`}
            >
              <Checkbox
                checked={state === 'all'}
                indeterminate={state === 'some'}
                onChange={() => onChange(toggleGroup(group, selected))}
              >
                <b>{group.label}</b>
              </Checkbox>
              <Box padding={{ left: 'l', top: 'xxs' }}>
                <SpaceBetween size="xxs">
                  {group.permissions.map((permission) => (
                    <Checkbox
                      key={permission.id}
                      checked={selected.has(permission.id)}
                      onChange={() => onChange(togglePermission(permission.id, selected))}
                    >
                      {permission.label}
                    </Checkbox>
                  ))}
                </SpaceBetween>
              </Box>
            </div>
          );
        })}
      </ColumnLayout>
    </SpaceBetween>
  );
}
