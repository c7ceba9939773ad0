-- Partner domains (their brands) and exchange rates are kept in each server's memory for a minute. Every write to their
-- tables, by the product or by an operator's SQL, is announced on the cache bus (channel sahyog_cache,
-- lib/constants/cache.ts) at commit, so every server forgets its copy (lib/cache/bus.ts reads the message).
CREATE OR REPLACE FUNCTION sahyog_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sahyog_cache', json_build_object('from', 'database', 'changed', TG_ARGV[0])::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER white_label_domains_announced AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON white_label_domains
  FOR EACH STATEMENT EXECUTE FUNCTION sahyog_announce_change('brands');
--> statement-breakpoint
CREATE TRIGGER currency_rates_announced AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON currency_rates
  FOR EACH STATEMENT EXECUTE FUNCTION sahyog_announce_change('rates');
