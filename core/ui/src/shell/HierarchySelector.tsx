import { Button, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { adminDashboardRoute, brandsAdminRoutes, type RouteRef } from '@discovery/plugin-api';
import { HierarchyStoreToken, homePathFor, RouteTableToken, SessionStoreToken, swapProduct, useService } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { KeyboardMenu } from '../widgets/KeyboardMenu';
import { MenuTitle } from '../widgets/MenuTitle';

function Field({ label, testId, value, disabled, children }: { label: string; testId: string; value: string; disabled: boolean; children: ReactNode }) {
  const id = useId();
  const buttonId = useId();
  // The button's name is its label and then its value ('Client Acme Beverages'): it holds the text
  // it shows, as speech input users say it (WCAG 2.5.3), and still says which level it picks.
  return (
    <div className="dsc-selector-field">
      <label id={id}>{label}</label>
      <PopoverNext
        content={<KeyboardMenu aria-labelledby={id}>{children}</KeyboardMenu>}
        placement="bottom-start"
        disabled={disabled}
        animation="minimal"
        arrow={false}
      >
        <Button
          id={buttonId}
          endIcon="caret-down"
          text={value}
          disabled={disabled}
          aria-labelledby={`${id} ${buttonId}`}
          aria-haspopup="menu"
          data-testid={testId}
        />
      </PopoverNext>
    </div>
  );
}

/** The four-level selector (SHELL-048..053). */
export const HierarchySelector = observer(function HierarchySelector({ disabled }: { disabled: boolean }) {
  const hierarchy = useService(HierarchyStoreToken);
  const session = useService(SessionStoreToken);
  const routes = useService(RouteTableToken);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { client, region, brand, product } = hierarchy.nodes;
  const sel = hierarchy.selection;
  const tree = hierarchy.tree;
  const go = (to: string | null) => to && navigate(to);
  // An 'Add ...' entry leads to the page that adds one; it is offered only when the build has that
  // page and the user may create the thing (the page's own rule decides the rest).
  const add = (resource: string, key: string, target: { ref: RouteRef; link: string } | null) =>
    session.can(resource, 'create') && target && routes.has(target.ref) ? (
      <>
        <MenuDivider />
        <MenuItem icon="add" intent="primary" text={t(key)} onClick={() => navigate(target.link)} />
      </>
    ) : null;
  const admin = { ref: adminDashboardRoute, link: adminDashboardRoute.link() };
  const brandAdmin =
    client && region
      ? { ref: brandsAdminRoutes.region, link: brandsAdminRoutes.region.link(sel) }
      : client
        ? { ref: brandsAdminRoutes.client, link: brandsAdminRoutes.client.link(sel) }
        : admin;

  // SHELL-048: brands grouped under their category headings.
  const categories = new Map<string, NonNullable<typeof region>['brands']>();
  for (const b of region?.brands ?? []) {
    const key = b.category ?? t('hierarchy.uncategorised');
    categories.set(key, [...(categories.get(key) ?? []), b]);
  }

  return (
    <div className="dsc-selector" data-testid="hierarchy-selector">
      <Field label={t('hierarchy.client')} testId="hierarchy-client" value={client?.name ?? t('hierarchy.choose')} disabled={disabled}>
        {tree.map((c) => (
          <MenuItem key={c.id} text={c.name} active={c.id === client?.id} onClick={() => go(homePathFor(tree, { client: c.slug }))} />
        ))}
        {add('clients', 'hierarchy.addClient', admin)}
      </Field>
      <Field label={t('hierarchy.region')} testId="hierarchy-region" value={region?.name ?? t('hierarchy.choose')} disabled={disabled || !client}>
        {(client?.regions ?? []).map((r) => (
          <MenuItem
            key={r.id}
            text={r.name}
            active={r.id === region?.id}
            // SHELL-051: a region without brands goes to its own home.
            onClick={() => go(r.brands.length ? homePathFor(tree, { client: sel.client, region: r.slug }) : `/${sel.client}/${r.slug}/home`)}
          />
        ))}
        {add('regions', 'hierarchy.addRegion', admin)}
      </Field>
      <Field label={t('hierarchy.brand')} testId="hierarchy-brand" value={brand?.name ?? t('hierarchy.choose')} disabled={disabled || !region}>
        {[...categories.entries()].map(([category, brands]) => (
          <div key={category} role="group" aria-label={category}>
            <MenuTitle>{category}</MenuTitle>
            {brands.map((b) => (
              <MenuItem
                key={b.id}
                text={b.name}
                active={b.id === brand?.id}
                onClick={() => go(homePathFor(tree, { client: sel.client, region: sel.region, brand: b.slug }))}
              />
            ))}
          </div>
        ))}
        {add('brands', 'hierarchy.addBrand', brandAdmin)}
      </Field>
      <Field label={t('hierarchy.product')} testId="hierarchy-product" value={product?.name ?? t('hierarchy.choose')} disabled={disabled || !brand}>
        {(brand?.products ?? []).map((p) => (
          // SHELL-050: a new product keeps the page.
          <MenuItem key={p.id} text={p.name} active={p.id === product?.id} onClick={() => navigate(swapProduct(pathname, sel, p.slug))} />
        ))}
        {add('products', 'hierarchy.addProduct', brandAdmin)}
      </Field>
    </div>
  );
});
