-- Issue 32 §1 and §3: deactivated accounts, invitations and API keys.
alter table users add column if not exists deactivated_at timestamptz;

-- A one-time link that lets an invited user set their password (the built-in identity provider).
-- Only the sha256 of the token is kept; the link is shown once.
create table if not exists user_invitations (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  token_hash text not null unique,
  created_by integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index if not exists user_invitations_user on user_invitations (user_id);

-- SRV-025: API keys. The secret is shown once; only its sha256 is kept (it is 256 random bits,
-- so a fast hash is enough). A key acts as its user, with their permissions and grants.
create table if not exists api_keys (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  name text not null,
  -- The first characters of the secret, to tell keys apart in lists.
  prefix text not null,
  secret_hash text not null unique,
  created_by integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  revoked_at timestamptz,
  last_used_at timestamptz
);
create index if not exists api_keys_user on api_keys (user_id);
