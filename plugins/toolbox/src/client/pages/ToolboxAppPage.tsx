import { AnchorButton, Callout, Spinner } from '@blueprintjs/core';
import { LoadError, StateMessage } from '@discovery/ui';
import { coreEndpoints } from '@discovery/plugin-api';
import { ApiClientToken, ConfigStoreToken, HierarchyStoreToken, resolveNodes, useService } from '@discovery/platform';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { APPLICATIONS_FLAG, FRAME_SLOW_MS, iframeUnitGuard } from '../../common';
import { FrameMessenger } from '../FrameMessenger';
import { ToolboxUnitsStoreToken } from '../stores/ToolboxUnitsStore';

/**
 * TBX-017..021: the embedded application of the unit named in the route, with the SSO hand-off,
 * context changes posted to it and the 1-minute slow-load message.
 */
const ToolboxAppPage = observer(function ToolboxAppPage() {
  const { t } = useTranslation('toolbox');
  const { unitName } = useParams();
  const units = useService(ToolboxUnitsStoreToken);
  const hierarchy = useService(HierarchyStoreToken);
  const api = useService(ApiClientToken);
  const config = useService(ConfigStoreToken);
  const frame = useRef<HTMLIFrameElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [slow, setSlow] = useState(false);

  const sel = hierarchy.selection;
  const nodes = resolveNodes(hierarchy.tree, sel);
  const clientUnits = units.unitsOf(sel.client);
  const unit = clientUnits
    ? iframeUnitGuard({
        clientSlug: sel.client,
        unitName,
        regionId: nodes.region?.id,
        units: clientUnits,
        applicationsEnabled: nodes.client?.feature_flags[APPLICATIONS_FLAG] === true,
      })
    : null;
  const url = unit?.url ?? null;
  const audience = unit?.name ?? null;

  useEffect(() => {
    if (sel.client) units.ensure(sel.client).catch(() => undefined);
  }, [units, sel.client]);

  const messenger = useMemo(
    () =>
      url
        ? new FrameMessenger({
            unitUrl: url,
            target: () => frame.current?.contentWindow,
            validationUrl: new URL(coreEndpoints.ssoValidate.path, window.location.origin).href,
            // SRV-013: a token made for this unit (its audience), so the unit cannot pass it on.
            fetchToken: async () =>
              audience ? (await api.call(coreEndpoints.frameToken, { query: { unit: audience } }, { silent: true })).token || null : null,
            warn: (m) => console.warn(m),
          })
        : null,
    [url, api, audience],
  );

  // TBX-020: the frame may ask again; only its own origin is answered.
  useEffect(() => {
    if (!messenger) return;
    const onMessage = (e: MessageEvent) => {
      messenger.handleMessage(e);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [messenger]);

  // TBX-021: every change of the hierarchy selection is posted to the frame.
  useEffect(() => {
    if (!messenger) return;
    return reaction(
      () => ({ ...hierarchy.selection }),
      (s) => messenger.sendContext(s),
      { equals: (a, b) => a.client === b.client && a.region === b.region && a.brand === b.brand && a.product === b.product },
    );
  }, [messenger, hierarchy]);

  // TBX-018: a frame still loading after a minute gets the product support message.
  useEffect(() => {
    setLoaded(false);
    setSlow(false);
    if (!url) return;
    const timer = setTimeout(() => setSlow(true), FRAME_SLOW_MS);
    return () => clearTimeout(timer);
  }, [url]);

  const unitsError = units.errorOf(sel.client);
  if (!clientUnits && unitsError) {
    return (
      <LoadError level={1} error={unitsError} onRetry={() => sel.client && units.ensure(sel.client).catch(() => undefined)} data-testid="toolbox-units-error" />
    );
  }
  if (!clientUnits) {
    return (
      <div style={{ padding: 24 }}>
        <Spinner aria-label={t('frame.loading')} />
      </div>
    );
  }
  if (!unit || !url || !messenger) {
    return <StateMessage level={1} icon="application" title={t('frame.unavailable')} />;
  }

  const supportUrl = config.config?.support_url;
  return (
    <section data-testid="toolbox-app-page" style={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 80px)' }}>
      {/* The frame fills the page; its unit's name is the page's h1 for screen readers. */}
      <h1 className="dsc-visually-hidden">{unit.name}</h1>
      {slow && !loaded && (
        <Callout intent="warning" data-testid="toolbox-app-slow" style={{ margin: 8 }}>
          {t('frame.slow')}{' '}
          {supportUrl && (
            <AnchorButton variant="minimal" intent="primary" href={supportUrl} target="_blank" rel="noopener noreferrer" text={t('supportLink')} />
          )}
        </Callout>
      )}
      <iframe
        ref={frame}
        key={url}
        src={url}
        title={unit.name}
        data-testid="toolbox-app-frame"
        style={{ flex: 1, border: 0, width: '100%' }}
        onLoad={() => {
          setLoaded(true);
          // TBX-019: the token on every load, then the current context.
          messenger.sendToken().finally(() => messenger.sendContext(hierarchy.selection));
        }}
      />
    </section>
  );
});

export default ToolboxAppPage;
