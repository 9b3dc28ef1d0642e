import { Button, Card, FormGroup, HTMLSelect, HTMLTable, InputGroup, Tooltip } from '@blueprintjs/core';
import { formatCount, HierarchyStoreToken, ToastStoreToken, useService } from '@discovery/platform';
import { AppDialog, Heading, LoadError, PageTitle, StateMessage } from '@discovery/ui';
import { DialogBody, DialogFooter } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { MESSAGES, motivationPeople, type MotivationDto } from '../../common';
import { ExploreStoreToken } from '../stores/ExploreStore';
import { MOTIVATION_POLL_MS, MotivationStoreToken } from '../stores/MotivationStore';

/**
 * EXP-018 (DESIGN): the motivation-audience builder at insights/motivation-audience/builder[/{personaId}]:
 * a name and the persona whose motivations to build (use case 'insights'), posting a
 * motivation_audience (EXP-031); below it the product's motivation audiences (EXP-027..029), which
 * a context change reloads (EXP-030) and which are asked again while a job is in flight.
 */
const MotivationBuilderPage = observer(function MotivationBuilderPage() {
  const { t } = useTranslation('explore');
  const store = useService(MotivationStoreToken);
  const explore = useService(ExploreStoreToken);
  const hierarchy = useService(HierarchyStoreToken);
  const toasts = useService(ToastStoreToken);
  const { personaId } = useParams();
  const routeId = personaId && /^\d+$/.test(personaId) ? Number(personaId) : null;
  const product = hierarchy.fullSlug;
  const ids = useId();
  const [name, setName] = useState('');
  const [persona, setPersona] = useState<number | null>(routeId);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    store.load(product);
    explore.load(product, routeId);
    setErrors({});
  }, [store, explore, product, routeId]);
  useEffect(() => {
    if (routeId !== null) setPersona(routeId);
  }, [routeId]);
  const inFlight = store.inFlight;
  useEffect(() => {
    if (!inFlight) return;
    const timer = setInterval(() => store.load(product), MOTIVATION_POLL_MS);
    return () => clearInterval(timer);
  }, [store, product, inFlight]);

  const personas = explore.list.filter((p) => !p.is_all_data && p.deletedSegmentIds.length === 0);
  const submit = async () => {
    const local: Record<string, string> = {};
    if (!name.trim()) local['motivation_audience.name'] = MESSAGES.nameRequired;
    if (persona === null) local['motivation_audience.persona_id'] = t('motivation.choosePersona');
    setErrors(local);
    if (Object.keys(local).length) return;
    const r = await store.create({ name: name.trim(), persona_id: persona! });
    if ('fields' in r) setErrors(r.fields);
    else {
      setName('');
      toasts.success(t('motivation.requested'));
    }
  };
  const nameErr = errors['motivation_audience.name'];
  const personaErr = errors['motivation_audience.persona_id'] ?? errors._;
  return (
    <section data-testid="motivation-builder">
      <PageTitle>{t('motivation.title')}</PageTitle>
      <Card style={{ maxWidth: 720, marginBottom: 16 }}>
        <FormGroup label={t('motivation.name')} labelFor={`${ids}-name`} intent={nameErr ? 'danger' : 'none'} helperText={nameErr}>
          <InputGroup id={`${ids}-name`} value={name} onChange={(e) => setName(e.target.value)} data-testid="motivation-name" />
        </FormGroup>
        <FormGroup label={t('motivation.persona')} labelFor={`${ids}-persona`} intent={personaErr ? 'danger' : 'none'} helperText={personaErr}>
          <HTMLSelect
            id={`${ids}-persona`}
            value={persona ?? ''}
            onChange={(e) => setPersona(e.target.value ? Number(e.target.value) : null)}
            data-testid="motivation-persona"
          >
            <option value="">{t('motivation.choosePersona')}</option>
            {personas.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <Button intent="primary" text={t('motivation.submit')} loading={store.creating} onClick={() => submit()} data-testid="motivation-submit" />
      </Card>
      <Heading level={2}>{t('motivation.listTitle')}</Heading>
      {store.overview.error && !store.overview.data ? (
        <LoadError level={3} error={store.overview.error} onRetry={() => store.load(product)} data-testid="motivation-list-error" />
      ) : store.items.length === 0 ? (
        <StateMessage level={3} icon="predictive-analysis" description={t('motivation.empty')} data-testid="motivation-empty" />
      ) : (
        <HTMLTable striped style={{ width: '100%' }} data-testid="motivation-list">
          <thead>
            <tr>
              <th scope="col">{t('motivation.columns.name')}</th>
              <th scope="col">{t('motivation.columns.persona')}</th>
              <th scope="col">{t('motivation.columns.status')}</th>
              <th scope="col">{t('motivation.columns.people')}</th>
              <th scope="col">{t('motivation.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {store.items.map((m) => (
              <Row key={m.id} m={m} onDelete={() => store.remove(m.id)} />
            ))}
          </tbody>
        </HTMLTable>
      )}
      {/* EXP-033: the 405 'used in Insights' answer's own modal. */}
      <AppDialog isOpen={store.inInsights} onClose={() => store.closeInInsights()} title={t('motivation.inInsightsTitle')} data-testid="motivation-in-insights">
        <DialogBody>{t('motivation.inInsights')}</DialogBody>
        <DialogFooter actions={<Button intent="primary" text={t('motivation.ok')} onClick={() => store.closeInInsights()} />} />
      </AppDialog>
    </section>
  );
});

/** EXP-028 / EXP-029: people empty while pending or processing, the count when completed, 'Failed' with the server's message. */
function Row({ m, onDelete }: { m: MotivationDto; onDelete: () => void }) {
  const { t } = useTranslation('explore');
  const people = motivationPeople(m);
  return (
    <tr data-testid={`motivation-row-${m.id}`} data-status={m.attributes.job_status}>
      <td>{m.attributes.name}</td>
      <td>{m.attributes.persona_name ?? ''}</td>
      <td data-testid="motivation-status">{t(`motivation.status.${m.attributes.job_status}`)}</td>
      <td data-testid="motivation-people">
        {people.kind === 'count' && formatCount(people.people)}
        {people.kind === 'failed' && (
          <Tooltip content={people.message}>
            <span tabIndex={0} aria-label={`${t('motivation.failed')}: ${people.message}`}>
              {t('motivation.failed')}
            </span>
          </Tooltip>
        )}
      </td>
      <td>
        <Button
          variant="minimal"
          icon="trash"
          aria-label={t('motivation.delete', { name: m.attributes.name })}
          onClick={onDelete}
          data-testid={`motivation-delete-${m.id}`}
        />
      </td>
    </tr>
  );
}

export default MotivationBuilderPage;
