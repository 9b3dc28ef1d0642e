import { Button, Callout, FormGroup, H2, HTMLTable, InputGroup, Spinner } from '@blueprintjs/core';
import { useService } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InsightsJourneyStoreToken } from '../stores/InsightsJourneyStore';

const InsightsJourneyPage = observer(function InsightsJourneyPage() {
  const { t } = useTranslation('insights-journey');
  const store = useService(InsightsJourneyStoreToken);
  const [name, setName] = useState('');

  useEffect(() => {
    void store.load();
  }, [store]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (await store.add(name)) setName('');
  };

  return (
    <section data-testid="insights-journey-page" style={{ padding: 24 }}>
      <H2>{t('title')}</H2>
      <form onSubmit={submit} style={{ display: 'flex', gap: 8, alignItems: 'flex-end', maxWidth: 480 }}>
        <FormGroup label={t('nameLabel')} labelFor="insights-journey-name" style={{ flex: 1, marginBottom: 0 }}>
          <InputGroup id="insights-journey-name" value={name} onChange={(e) => setName(e.target.value)} />
        </FormGroup>
        <Button type="submit" intent="primary" text={t('add')} />
      </form>
      {store.error && (
        <Callout intent="danger" style={{ marginTop: 8 }}>
          {store.error}
        </Callout>
      )}
      {store.loading ? (
        <Spinner size={24} />
      ) : (
        <HTMLTable striped style={{ marginTop: 16 }} data-testid="insights-journey-items">
          <thead>
            <tr>
              <th>{t('nameLabel')}</th>
            </tr>
          </thead>
          <tbody>
            {store.items.map((i) => (
              <tr key={i.id}>
                <td>{i.name}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
});

export default InsightsJourneyPage;
