import { Button, Callout, Checkbox, Classes, DialogBody, DialogFooter, FormGroup, HTMLTable, InputGroup, Radio, Switch } from '@blueprintjs/core';
import { AppDialog, Heading, LoadError, LoadingSpinner, VisuallyHidden } from '@discovery/ui';
import { useService } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { cloneElement, useEffect, useId, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ClientAdminStoreToken, type ClientForm } from '../stores/ClientAdminStore';

/** A field's message under it, from the shared schema or the server's 422; its label names its input (given an id here). */
function Field({ form, path, label, children }: { form: ClientForm; path: string; label: string; children: ReactElement<{ id?: string }> }) {
  const error = form.error(path);
  const id = useId();
  return (
    <FormGroup label={label} labelFor={id} helperText={error} intent={error ? 'danger' : 'none'}>
      {cloneElement(children, { id })}
    </FormGroup>
  );
}

const ClientDialog = observer(function ClientDialog({ form, onSave, onClose }: { form: ClientForm; onSave: () => void; onClose: () => void }) {
  const { t } = useTranslation('global-admin');
  return (
    <AppDialog isOpen onClose={onClose} title={t(form.isNew ? 'clients.new' : 'clients.edit')} style={{ width: 640 }}>
      <DialogBody>
        <form
          data-testid="client-form"
          onSubmit={(e) => {
            e.preventDefault();
            onSave();
          }}
        >
          {form.notice && (
            <Callout intent="danger" data-testid="client-form-notice" style={{ marginBottom: 12 }}>
              {form.notice}
            </Callout>
          )}
          <Field form={form} path="client.name" label={t('clients.name')}>
            <InputGroup
              value={form.name}
              onChange={(e) => form.set('name', e.target.value)}
              data-testid="client-name"
              intent={form.error('client.name') ? 'danger' : 'none'}
            />
          </Field>
          <Field form={form} path="client.slug" label={t('clients.slug')}>
            <InputGroup value={form.slug} placeholder={t('clients.slugHint')} onChange={(e) => form.set('slug', e.target.value)} data-testid="client-slug" />
          </Field>
          <Field form={form} path="client.conversant_company_id" label={t('clients.companyId')}>
            <InputGroup value={form.companyId} inputMode="numeric" onChange={(e) => form.set('companyId', e.target.value)} data-testid="client-company-id" />
          </Field>
          <Checkbox
            checked={form.siteVisitation}
            label={t('clients.siteVisitation')}
            onChange={(e) => form.set('siteVisitation', e.currentTarget.checked)}
            data-testid="client-site-visitation"
          />
          <Heading level={3} look={4} style={{ marginTop: 16 }}>
            {t('clients.featureFlags')}
          </Heading>
          {form.flags.map((f, i) => (
            <div key={i} style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 6 }} data-testid="client-flag">
              <InputGroup
                value={f.key}
                placeholder={t('clients.flagKey')}
                onChange={(e) => form.setFlag(i, { key: e.target.value })}
                data-testid={`client-flag-key-${i}`}
              />
              <Switch
                checked={f.on}
                label={f.on ? t('clients.flagOn') : t('clients.flagOff')}
                onChange={(e) => form.setFlag(i, { on: e.currentTarget.checked })}
                style={{ margin: 0 }}
                data-testid={`client-flag-on-${i}`}
              />
              <Button variant="minimal" icon="cross" aria-label={t('clients.removeFlag')} onClick={() => form.removeFlag(i)} />
            </div>
          ))}
          <Button variant="minimal" icon="add" text={t('clients.addFlag')} onClick={() => form.addFlag()} data-testid="client-add-flag" />
          <Heading level={3} look={4} style={{ marginTop: 16 }}>
            {t('clients.regions')}
          </Heading>
          {form.error('client.regions') && <div className={Classes.INTENT_DANGER}>{form.error('client.regions')}</div>}
          {form.regions.map((r, i) => (
            <div key={r.id ?? `new-${i}`} style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }} data-testid="client-region">
              <Field form={form} path={`client.regions.${i}.name`} label={t('clients.regionName')}>
                <InputGroup value={r.name} onChange={(e) => form.setRegion(i, { name: e.target.value })} data-testid={`client-region-name-${i}`} />
              </Field>
              <Field form={form} path={`client.regions.${i}.slug`} label={t('clients.slug')}>
                <InputGroup
                  value={r.slug}
                  placeholder={t('clients.slugHint')}
                  onChange={(e) => form.setRegion(i, { slug: e.target.value })}
                  data-testid={`client-region-slug-${i}`}
                />
              </Field>
              <Radio
                checked={r.is_default}
                label={t('clients.default')}
                onChange={() => form.setDefault(i)}
                style={{ marginTop: 28 }}
                data-testid={`client-region-default-${i}`}
              />
              {r.id === null && form.regions.length > 1 && (
                <Button variant="minimal" icon="cross" aria-label={t('clients.removeRegion')} onClick={() => form.removeRegion(i)} style={{ marginTop: 22 }} />
              )}
            </div>
          ))}
          <Button variant="minimal" icon="add" text={t('clients.addRegion')} onClick={() => form.addRegion()} data-testid="client-add-region" />
          <button type="submit" hidden />
        </form>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('clients.cancel')} onClick={onClose} data-testid="client-cancel" />
            <Button intent="primary" text={t('clients.save')} loading={form.submitting} onClick={onSave} data-testid="client-save" />
          </>
        }
      />
    </AppDialog>
  );
});

/** BRAND-059 DESIGN: the client admin form lives in global admin: the clients, Add Client, Edit. */
export const ClientsSection = observer(function ClientsSection() {
  const { t } = useTranslation('global-admin');
  const store = useService(ClientAdminStoreToken);
  useEffect(() => {
    store.load();
  }, [store]);
  if (!store.canRead) return null;
  return (
    <section data-testid="admin-clients" style={{ marginBottom: 24 }}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Heading level={2} look={4}>
          {t('clients.title')}
        </Heading>
        {store.canCreate && <Button icon="add" intent="primary" text={t('clients.add')} onClick={() => store.open()} data-testid="client-add" />}
      </div>
      {store.list.error ? (
        <LoadError level={3} error={store.list.error} onRetry={() => store.load()} data-testid="clients-error" />
      ) : !store.loaded ? (
        <LoadingSpinner size={24} />
      ) : (
        <HTMLTable striped style={{ width: '100%' }} data-testid="clients-table">
          <thead>
            <tr>
              <th>{t('clients.name')}</th>
              <th>{t('clients.slug')}</th>
              <th>{t('clients.companyId')}</th>
              <th>{t('clients.regions')}</th>
              <th>{t('clients.featureFlags')}</th>
              <th>
                <VisuallyHidden>{t('actions')}</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {store.clients.map((c) => (
              <tr key={c.id} data-testid="client-row" data-client={c.slug}>
                <td>{c.name}</td>
                <td>{c.slug}</td>
                <td>{c.conversant_company_id ?? '-'}</td>
                <td>{c.regions.map((r) => (r.is_default ? `${r.name} (${t('clients.default')})` : r.name)).join(', ')}</td>
                <td>
                  {Object.entries(c.feature_flags)
                    .filter(([, on]) => on)
                    .map(([k]) => k)
                    .join(', ') || '-'}
                </td>
                <td>
                  {store.canUpdate && (
                    <Button size="small" icon="edit" text={t('clients.editButton')} onClick={() => store.open(c)} data-testid={`client-edit-${c.slug}`} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {store.form && <ClientDialog form={store.form} onSave={() => store.save()} onClose={() => store.close()} />}
    </section>
  );
});
