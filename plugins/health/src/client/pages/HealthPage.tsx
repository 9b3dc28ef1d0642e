import { H1, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HEALTH_SERVICES, healthText, type HealthServiceKey } from '../../common';

type Status = 'OK' | 'Error' | 'pending';

/** SHELL-092..094: the eight checks run in parallel; each row waits only for its own call. */
export default function HealthPage() {
  const { t } = useTranslation('health');
  const [status, setStatus] = useState<Record<HealthServiceKey, Status>>(
    () => Object.fromEntries(HEALTH_SERVICES.map((s) => [s.key, 'pending'])) as Record<HealthServiceKey, Status>,
  );

  useEffect(() => {
    let live = true;
    const show = (key: HealthServiceKey, text: Status) => live && setStatus((prev) => ({ ...prev, [key]: text }));
    for (const s of HEALTH_SERVICES) {
      // Health endpoints are public and never raise the global banner: a failure is a row's 'Error'.
      fetch(s.path, { credentials: 'same-origin', headers: { 'X-Request-ID': crypto.randomUUID() } })
        .then((r) => r.json())
        .then(
          (body: unknown) => show(s.key, healthText(body)),
          () => show(s.key, 'Error'),
        );
    }
    return () => {
      live = false;
    };
  }, []);

  return (
    <main style={{ maxWidth: 640, margin: '0 auto', padding: 32 }}>
      <H1>{t('title')}</H1>
      <HTMLTable striped style={{ width: '100%' }} data-testid="health-table">
        <thead>
          <tr>
            <th>{t('service')}</th>
            <th>{t('status')}</th>
          </tr>
        </thead>
        <tbody>
          {HEALTH_SERVICES.map((s) => (
            <tr key={s.key} data-testid={`health-${s.key}`}>
              <td>{t(`services.${s.key}`)}</td>
              <td>
                {status[s.key] === 'pending' ? (
                  <Spinner size={16} aria-label={t('status')} />
                ) : (
                  <Tag minimal intent={status[s.key] === 'OK' ? 'success' : 'danger'}>
                    {status[s.key]}
                  </Tag>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </main>
  );
}
