-- Outcomes (001 §3, SRV-099..102): a chart's (Grow mekko's) monthly timeframes with the outcome of
-- each market and audience (sub-market). Months are 0-11 (A-06). Rows go with the chart, the
-- market or the audience they describe (SRV-076: the foreign keys cascade from Grow's tables).
create table if not exists outcomes_timeframes (
  id serial primary key,
  mekko_id integer not null references insights_grow_mekkos(id) on delete cascade,
  year integer not null check (year between 2000 and 2100),
  month integer not null check (month between 0 and 11),
  total bigint not null default 0 check (total >= 0),
  matched bigint not null default 0 check (matched >= 0),
  modeled bigint not null default 0 check (modeled >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- SRV-100 (DESIGN): one timeframe per chart and month.
create unique index if not exists outcomes_timeframes_month on outcomes_timeframes (mekko_id, year, month);

create table if not exists outcomes_market_outcomes (
  id serial primary key,
  outcome_timeframe_id integer not null references outcomes_timeframes(id) on delete cascade,
  market_id integer not null references insights_grow_markets(id) on delete cascade,
  total bigint not null default 0 check (total >= 0),
  matched bigint not null default 0 check (matched >= 0),
  modeled bigint not null default 0 check (modeled >= 0)
);
create unique index if not exists outcomes_market_outcomes_market on outcomes_market_outcomes (outcome_timeframe_id, market_id);
create index if not exists outcomes_market_outcomes_by_market on outcomes_market_outcomes (market_id);

create table if not exists outcomes_submarket_outcomes (
  id serial primary key,
  outcome_timeframe_id integer not null references outcomes_timeframes(id) on delete cascade,
  market_id integer not null references insights_grow_markets(id) on delete cascade,
  sub_market_id integer not null references insights_grow_sub_markets(id) on delete cascade,
  total bigint not null default 0 check (total >= 0),
  matched bigint not null default 0 check (matched >= 0),
  modeled bigint not null default 0 check (modeled >= 0)
);
create unique index if not exists outcomes_submarket_outcomes_sub on outcomes_submarket_outcomes (outcome_timeframe_id, sub_market_id);
create index if not exists outcomes_submarket_outcomes_by_sub on outcomes_submarket_outcomes (sub_market_id);
create index if not exists outcomes_submarket_outcomes_by_market on outcomes_submarket_outcomes (market_id);
