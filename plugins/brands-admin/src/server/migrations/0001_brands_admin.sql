-- Brand Management owns no tables of its own: brands, products and product_regions are core's.
-- It adds the rule of 000 §5 / SRV-034 where no writer can skip it: a brand keeps at least one
-- product. Checked at commit (deferred), so one transaction may replace a brand's products, and
-- deleting a brand takes its products with it.
create or replace function brands_admin_keep_one_product() returns trigger language plpgsql as $$
declare
  b integer;
begin
  if tg_table_name = 'brands' then
    b := new.id;
  else
    b := old.brand_id;
  end if;
  if exists (select 1 from brands where id = b) and not exists (select 1 from products where brand_id = b) then
    raise exception 'Brands must have at least one product.' using errcode = 'check_violation';
  end if;
  return null;
end
$$;

drop trigger if exists brands_admin_brand_has_product on brands;
create constraint trigger brands_admin_brand_has_product
  after insert on brands deferrable initially deferred
  for each row execute function brands_admin_keep_one_product();

drop trigger if exists brands_admin_product_kept on products;
create constraint trigger brands_admin_product_kept
  after delete or update of brand_id on products deferrable initially deferred
  for each row execute function brands_admin_keep_one_product();
