-- SSO tokens die with their session: a token carries the sha256 of its session's id (never the id
-- itself, which is the session's credential), and validation looks the session up by it.
alter table sessions add column if not exists sso_key text;
update sessions set sso_key = encode(sha256(convert_to(id, 'UTF8')), 'hex') where sso_key is null;
create unique index if not exists sessions_sso_key on sessions (sso_key);
