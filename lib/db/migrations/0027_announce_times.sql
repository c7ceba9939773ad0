-- The database's own announcements (brands, rates) carry their time like a server's do (lib/cache/bus.ts `at`, ms
-- since the epoch), so every server's sahyog_cache_bus_lag_seconds counts them too.
CREATE OR REPLACE FUNCTION sahyog_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sahyog_cache', json_build_object('from', 'database', 'changed', TG_ARGV[0], 'at', floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint)::text);
  RETURN NULL;
END
$$;
