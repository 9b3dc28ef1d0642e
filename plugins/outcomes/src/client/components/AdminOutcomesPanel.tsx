import { Button, Card, Collapse, FormGroup, HTMLSelect, HTMLTable, NumericInput, Tag } from '@blueprintjs/core';
import type { MekkoDto } from '@discovery/plugin-insights-grow/common';
import { formatCount } from '@discovery/platform';
import { ConfirmDialog, SlideInPanel } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PANEL_WIDTH, selectableMonths, yearChoices, type OutcomeFigures, type Timeframe } from '../../common';
import type { OutcomesStore } from '../stores/OutcomesStore';
import { useMonths } from '../months';

type Field = keyof OutcomeFigures;

/** OUT-062: whole numbers ≥ 0 (the schema the server runs says the same). */
const whole = (v: number) => (Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0);

/**
 * One timeframe (OUT-057..063): collapsed with month, year and total; the Current Timeframe is
 * marked and cannot be deleted; Edit keeps a backup that Cancel restores; Save sends the nested
 * change and leaves edit mode.
 */
const TimeframeCard = observer(function TimeframeCard(props: {
  store: OutcomesStore;
  tf: Timeframe;
  chart: MekkoDto;
  personLevel: boolean;
  canDestroy: boolean;
}) {
  const { t } = useTranslation('outcomes');
  const { store, tf, chart, personLevel, canDestroy } = props;
  const months = useMonths();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Timeframe | null>(null);
  const [confirm, setConfirm] = useState(false);
  const shown = draft ?? tf;
  const fields: Field[] = personLevel ? ['total', 'matched', 'modeled'] : ['total'];
  const id = `${tf.year}-${tf.month}`;
  const set = (f: Field, v: number, where: { market?: number; sub?: number }) =>
    setDraft((d) => {
      const cur = d ?? tf;
      if (where.sub !== undefined)
        return { ...cur, submarket_outcomes: cur.submarket_outcomes.map((s) => (s.sub_market_id === where.sub ? { ...s, [f]: whole(v) } : s)) };
      if (where.market !== undefined)
        return { ...cur, market_outcomes: cur.market_outcomes.map((m) => (m.market_id === where.market ? { ...m, [f]: whole(v) } : m)) };
      return { ...cur, [f]: whole(v) };
    });
  const cell = (f: Field, value: number, where: { market?: number; sub?: number }, label: string) =>
    draft ? (
      <NumericInput
        value={value}
        min={0}
        minorStepSize={null}
        allowNumericCharactersOnly
        fill
        buttonPosition="none"
        aria-label={label}
        onValueChange={(v) => set(f, v, where)}
        data-testid={`outcomes-input-${id}-${where.sub ?? where.market ?? 'chart'}-${f}`}
      />
    ) : (
      formatCount(value)
    );
  const save = async () => {
    if (!draft) return;
    await store.saveTimeframe(draft);
    setDraft(null); // OUT-063 / OUT-064: edit mode ends on success and on failure
  };
  return (
    <Card style={{ padding: 8 }} data-testid={`outcomes-card-${id}`}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <Button
          variant="minimal"
          icon={open ? 'chevron-down' : 'chevron-right'}
          aria-expanded={open}
          text={`${months.label(tf.year, tf.month)} · ${t('admin.total')} ${formatCount(shown.total)}`}
          onClick={() => setOpen(!open)}
          data-testid={`outcomes-card-toggle-${id}`}
        />
        {tf.current && (
          <Tag intent="primary" minimal data-testid="outcomes-current-tag">
            {t('admin.current')}
          </Tag>
        )}
        <span style={{ flex: 1 }} />
        {!tf.current && !draft && (
          <Button
            text={t('admin.edit')}
            onClick={() => {
              setOpen(true);
              setDraft(tf);
            }}
            data-testid={`outcomes-edit-${id}`}
          />
        )}
        {draft && <Button intent="primary" text={t('admin.save')} onClick={() => save().catch(() => undefined)} data-testid={`outcomes-save-${id}`} />}
        {draft && <Button text={t('admin.cancel')} onClick={() => setDraft(null)} data-testid={`outcomes-cancel-${id}`} />}
        {!tf.current && canDestroy && !draft && (
          <Button
            intent="danger"
            icon="trash"
            aria-label={t('admin.delete')}
            text={t('admin.delete')}
            onClick={() => setConfirm(true)}
            data-testid={`outcomes-delete-${id}`}
          />
        )}
      </div>
      <Collapse isOpen={open}>
        <HTMLTable compact style={{ width: '100%' }}>
          <thead>
            <tr>
              <th>{t('admin.name')}</th>
              {fields.map((f) => (
                <th key={f}>{t(`admin.${f}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{chart.name}</th>
              {fields.map((f) => (
                <td key={f}>{cell(f, shown[f], {}, `${chart.name} ${t(`admin.${f}`)}`)}</td>
              ))}
            </tr>
            {chart.markets.map((k) => {
              const mo = shown.market_outcomes.find((m) => m.market_id === k.id);
              return [
                <tr key={`m${k.id}`}>
                  <th scope="row">{k.name}</th>
                  {fields.map((f) => (
                    <td key={f}>{cell(f, mo?.[f] ?? 0, { market: k.id }, `${k.name} ${t(`admin.${f}`)}`)}</td>
                  ))}
                </tr>,
                ...k.sub_markets.map((s) => {
                  const so = shown.submarket_outcomes.find((x) => x.sub_market_id === s.id);
                  return (
                    <tr key={`s${s.id}`}>
                      <td style={{ paddingLeft: 24 }}>{s.name}</td>
                      {fields.map((f) => (
                        <td key={f}>{cell(f, so?.[f] ?? 0, { sub: s.id }, `${s.name} ${t(`admin.${f}`)}`)}</td>
                      ))}
                    </tr>
                  );
                }),
              ];
            })}
          </tbody>
        </HTMLTable>
      </Collapse>
      <ConfirmDialog
        isOpen={confirm}
        title={t('admin.confirmDelete', { month: months.label(tf.year, tf.month) })}
        intent="danger"
        confirmButtonText={t('admin.delete')}
        cancelButtonText={t('admin.cancel')}
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          store.deleteTimeframe(tf).catch(() => undefined);
        }}
        data-testid="outcomes-confirm-delete"
      />
    </Card>
  );
});

/**
 * 'Admin Outcomes' (OUT-055..069), 800 px: the year selector (10 years), Add Timeframe when a
 * month is selectable, and the chart's cards of that year, the Current Timeframe among them.
 */
export const AdminOutcomesPanel = observer(function AdminOutcomesPanel(props: { store: OutcomesStore; personLevel: boolean; canDestroy: boolean }) {
  const { t } = useTranslation('outcomes');
  const { store } = props;
  const months = useMonths();
  const now = store.now();
  const [year, setYear] = useState(now.getUTCFullYear());
  const [adding, setAdding] = useState<number | null>(null);
  const chart = store.mekko;
  const cards = store.timeframes.filter((x) => x.year === year).reverse();
  const free = selectableMonths(
    year,
    store.stored.data.filter((x) => x.year === year).map((x) => x.month),
    now,
  );
  return (
    <SlideInPanel
      isOpen={store.adminOpen}
      onClose={() => store.setAdminOpen(false)}
      title={t('admin.title')}
      width={ADMIN_PANEL_WIDTH}
      canOutsideClickClose
      testId="outcomes-admin"
    >
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end', marginBottom: 12 }}>
        <FormGroup label={t('admin.year')} labelFor="outcomes-admin-year" style={{ marginBottom: 0 }}>
          <HTMLSelect
            id="outcomes-admin-year"
            value={year}
            onChange={(e) => {
              setYear(Number(e.currentTarget.value));
              setAdding(null);
            }}
            options={yearChoices(now).map((y) => ({ value: y, label: String(y) }))}
            data-testid="outcomes-admin-year"
          />
        </FormGroup>
        {free.length > 0 && adding === null && (
          <Button icon="add" text={t('admin.add')} onClick={() => setAdding(free[0])} data-testid="outcomes-add-timeframe" />
        )}
        {adding !== null && (
          <>
            <FormGroup label={t('admin.month')} labelFor="outcomes-admin-month" style={{ marginBottom: 0 }}>
              <HTMLSelect
                id="outcomes-admin-month"
                value={adding}
                onChange={(e) => setAdding(Number(e.currentTarget.value))}
                options={free.map((m) => ({ value: m, label: months.long(m) }))}
                data-testid="outcomes-admin-month"
              />
            </FormGroup>
            <Button
              intent="primary"
              text={t('admin.apply')}
              onClick={() => {
                const m = adding;
                setAdding(null);
                store.addTimeframe(year, m).catch(() => undefined);
              }}
              data-testid="outcomes-add-apply"
            />
            <Button text={t('admin.cancel')} onClick={() => setAdding(null)} data-testid="outcomes-add-cancel" />
          </>
        )}
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="outcomes-cards">
        {chart &&
          cards.map((tf) => (
            <TimeframeCard
              key={`${tf.year}-${tf.month}-${tf.id ?? 'c'}`}
              store={store}
              tf={tf}
              chart={chart}
              personLevel={props.personLevel}
              canDestroy={props.canDestroy}
            />
          ))}
        {!cards.length && <div>{t('admin.none')}</div>}
      </div>
    </SlideInPanel>
  );
});
