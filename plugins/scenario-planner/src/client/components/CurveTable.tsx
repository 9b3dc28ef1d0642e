import { Button, HTMLSelect, HTMLTable, InputGroup } from '@blueprintjs/core';
import { SessionStoreToken, useService } from '@discovery/platform';
import { VisuallyHidden } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { COST_METHODS, CURVE_NUMBER_PARAMS, curvePermissions as C, type CurveField, type ScnMessageKey } from '../../common';
import { ScenarioPlannerStoreToken, type CurveRow } from '../stores/ScenarioPlannerStore';

const cell = { verticalAlign: 'top' as const, padding: '4px 4px' };

/** SCN-015 / SCN-021..024: one row per uploaded curve, each field with its rule's message. */
export const CurveTable = observer(function CurveTable() {
  const { t } = useTranslation('scenario-planner');
  const store = useService(ScenarioPlannerStoreToken);
  const session = useService(SessionStoreToken);
  const typeNames = Object.keys(store.types ?? {});
  const canDestroy = session.can(C.destroy.resource, 'destroy');

  const fieldError = (errors: Partial<Record<CurveField, ScnMessageKey>>, f: CurveField, testId: string) =>
    errors[f] ? (
      <div className="bp6-form-helper-text" style={{ color: 'var(--dsc-danger-text, #ac2f33)', fontSize: 12 }} data-testid={`${testId}-error`}>
        {t(`messages.${errors[f]!}`)}
      </div>
    ) : null;

  const rowView = (r: CurveRow, i: number) => {
    const n = i + 1;
    const errors = store.rowErrors(r);
    const trp = store.rowIsTrp(r);
    const tid = `curve-${i}`;
    const label = (field: string) => t('curves.rowLabel', { field, n });
    return (
      <tr key={r.key} data-testid={`curve-row-${i}`} data-valid={Object.keys(errors).length === 0}>
        <td style={cell}>
          <InputGroup
            small
            value={r.media_type}
            aria-label={label(t('curves.mediaType'))}
            intent={errors.media_type ? 'danger' : 'none'}
            onValueChange={(v) => store.updateRow(r.key, { media_type: v })}
            style={{ width: 130 }}
            data-testid={`${tid}-media_type`}
          />
          {fieldError(errors, 'media_type', `${tid}-media_type`)}
          {/* SCN-028: the server's messages from the last Apply, on the curve's row, as it wrote them (the fields show the same rules in the user's words). */}
          {r.serverErrors.length > 0 && (
            <div style={{ color: 'var(--dsc-danger-text, #ac2f33)', fontSize: 12 }} data-testid={`${tid}-server-errors`}>
              {r.serverErrors.map((m) => (
                <div key={m}>{m}</div>
              ))}
            </div>
          )}
        </td>
        <td style={cell}>
          <HTMLSelect
            value={r.curve_type_name}
            aria-label={label(t('curves.curveType'))}
            onChange={(e) => store.updateRow(r.key, { curve_type_name: e.currentTarget.value })}
            // Issue 27 §6: as wide as its longest option ('Diminishing Returns'), never cut.
            style={{ minWidth: 'max-content' }}
            data-testid={`${tid}-curve_type_name`}
          >
            <option value="">{t('curves.chooseType')}</option>
            {typeNames.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </HTMLSelect>
          {fieldError(errors, 'curve_type_name', `${tid}-curve_type_name`)}
        </td>
        {CURVE_NUMBER_PARAMS.map((p) => (
          <td key={p} style={cell}>
            <InputGroup
              small
              value={r.params[p]}
              inputMode="decimal"
              aria-label={label(t(`curves.${p}`))}
              intent={errors[p] ? 'danger' : 'none'}
              onValueChange={(v) => store.updateRow(r.key, { params: { [p]: v } })}
              style={{ width: 60 }}
              data-testid={`${tid}-${p}`}
            />
            {fieldError(errors, p, `${tid}-${p}`)}
          </td>
        ))}
        <td style={cell}>
          <HTMLSelect
            value={String(r.params.CppOrCpm)}
            aria-label={label(t('curves.costMethod'))}
            onChange={(e) =>
              store.updateRow(r.key, { params: { CppOrCpm: Number(e.currentTarget.value) === COST_METHODS.CPP ? COST_METHODS.CPP : COST_METHODS.CPM } })
            }
            data-testid={`${tid}-CppOrCpm`}
          >
            <option value={COST_METHODS.CPM}>{t('curves.cpm')}</option>
            <option value={COST_METHODS.CPP}>{t('curves.cpp')}</option>
          </HTMLSelect>
        </td>
        <td style={cell}>
          {trp ? (
            <>
              <InputGroup
                small
                value={r.params.CPP}
                inputMode="decimal"
                aria-label={label(t('curves.CPP'))}
                intent={errors.CPP ? 'danger' : 'none'}
                onValueChange={(v) => store.updateRow(r.key, { params: { CPP: v } })}
                style={{ width: 56 }}
                data-testid={`${tid}-CPP`}
              />
              {fieldError(errors, 'CPP', `${tid}-CPP`)}
            </>
          ) : (
            <span className="bp6-text-muted" title={t('curves.notTrp')}>
              –<VisuallyHidden>{t('curves.notTrp')}</VisuallyHidden>
            </span>
          )}
        </td>
        <td style={cell}>
          {(r.id === null || canDestroy) && (
            <Button variant="minimal" icon="trash" aria-label={t('curves.remove', { n })} onClick={() => store.removeRow(r)} data-testid={`${tid}-remove`} />
          )}
        </td>
      </tr>
    );
  };

  return (
    <div style={{ overflowX: 'auto' }}>
      <HTMLTable compact data-testid="curve-table">
        <thead>
          <tr>
            <th>{t('curves.mediaType')}</th>
            <th>{t('curves.curveType')}</th>
            {CURVE_NUMBER_PARAMS.map((p) => (
              <th key={p}>{t(`curves.${p}`)}</th>
            ))}
            <th>{t('curves.costMethod')}</th>
            <th>{t('curves.CPP')}</th>
            <th>
              <VisuallyHidden>{t('imports.actions')}</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {store.rows.length === 0 ? (
            <tr>
              <td colSpan={10} className="bp6-text-muted">
                {t('curves.noRows')}
              </td>
            </tr>
          ) : (
            store.rows.map(rowView)
          )}
        </tbody>
      </HTMLTable>
    </div>
  );
});
