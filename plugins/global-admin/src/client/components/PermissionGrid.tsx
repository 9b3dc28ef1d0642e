import { Button, Checkbox } from '@blueprintjs/core';
import { PERMISSION_ACTIONS } from '@discovery/plugin-api';
import { Cell, Column, ColumnHeaderCell, Table2 } from '@blueprintjs/table';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { DEFAULTED_RESOURCES, type RoleDraft } from '../stores/RolesStore';

const ROW_HEIGHT = 28;

/**
 * SRV-022/023: a role's permissions as a resource × create/read/update/destroy grid on
 * @blueprintjs/table. Rows are the server's resources; a brands or products row the role does not
 * store shows SRV-017's default (create, update, destroy), marked, with a way back to it.
 * Tall enough for every row, so none is left out of the page (the table draws what is in view).
 */
export const PermissionGrid = observer(function PermissionGrid({ draft, resources, readOnly }: { draft: RoleDraft; resources: string[]; readOnly: boolean }) {
  const { t } = useTranslation('global-admin');
  // Read every cell's state here, so MobX re-renders the grid on a change (the table caches cells).
  const states = resources.map((r) => [...PERMISSION_ACTIONS.map((a) => draft.can(r, a)), draft.isDefault(r)]);
  return (
    <div style={{ height: ROW_HEIGHT * (resources.length + 1) + 16, width: '100%', maxWidth: 720 }} data-testid="permission-grid">
      <Table2
        numRows={resources.length}
        defaultRowHeight={ROW_HEIGHT}
        columnWidths={[300, 100, 100, 100, 100]}
        enableRowHeader={false}
        enableFocusedCell={false}
        enableMultipleSelection={false}
        selectionModes={[]}
        cellRendererDependencies={[states.flat().join(), readOnly]}
      >
        {[
          <Column
            key="resource"
            columnHeaderCellRenderer={() => <ColumnHeaderCell name={t('rolesPage.resource')} />}
            cellRenderer={(row) => {
              const r = resources[row];
              return (
                <Cell interactive style={{ display: 'flex', gap: 6, alignItems: 'center', whiteSpace: 'nowrap' }}>
                  <span>{r}</span>
                  {draft.isDefault(r) && <span className="bp6-text-muted">{t('rolesPage.default')}</span>}
                  {!readOnly && r in DEFAULTED_RESOURCES && !draft.isDefault(r) && (
                    <Button
                      size="small"
                      variant="minimal"
                      text={t('rolesPage.useDefault')}
                      aria-label={t('rolesPage.useDefaultFor', { resource: r })}
                      onClick={() => draft.useDefault(r)}
                      data-testid={`grid-default-${r}`}
                    />
                  )}
                </Cell>
              );
            }}
          />,
          ...PERMISSION_ACTIONS.map((action) => (
            <Column
              key={action}
              columnHeaderCellRenderer={() => <ColumnHeaderCell name={t(`rolesPage.action.${action}`)} />}
              cellRenderer={(row) => {
                const r = resources[row];
                return (
                  <Cell interactive style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                    <Checkbox
                      style={{ margin: 0 }}
                      checked={draft.can(r, action)}
                      disabled={readOnly}
                      onChange={() => draft.toggle(r, action)}
                      aria-label={t('rolesPage.cellLabel', { action: t(`rolesPage.action.${action}`), resource: r })}
                      data-testid={`grid-${r}-${action}`}
                    />
                  </Cell>
                );
              }}
            />
          )),
        ]}
      </Table2>
    </div>
  );
});
