ALTER TABLE "invoices" ADD COLUMN "team" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- invoice_day_totals buckets a Team subscription's invoices as "team" (docs/decisions/143-team-seats-at-stripe.md).
CREATE OR REPLACE FUNCTION invoice_day_totals_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'paid' AND OLD.paid_at IS NOT NULL THEN
    INSERT INTO invoice_day_totals AS t (day, plan, paid_cents)
    VALUES ((OLD.paid_at AT TIME ZONE 'UTC')::date, coalesce(OLD.plan_type::text, CASE WHEN OLD.team THEN 'team' END, 'other'), -OLD.amount_cents)
    ON CONFLICT (day, plan) DO UPDATE SET paid_cents = t.paid_cents + excluded.paid_cents;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'paid' AND NEW.paid_at IS NOT NULL THEN
    INSERT INTO invoice_day_totals AS t (day, plan, paid_cents)
    VALUES ((NEW.paid_at AT TIME ZONE 'UTC')::date, coalesce(NEW.plan_type::text, CASE WHEN NEW.team THEN 'team' END, 'other'), NEW.amount_cents)
    ON CONFLICT (day, plan) DO UPDATE SET paid_cents = t.paid_cents + excluded.paid_cents;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER invoice_day_totals_follow ON invoices;--> statement-breakpoint
CREATE TRIGGER invoice_day_totals_follow AFTER INSERT OR DELETE OR UPDATE OF status, paid_at, plan_type, team, amount_cents
  ON invoices FOR EACH ROW EXECUTE FUNCTION invoice_day_totals_apply();--> statement-breakpoint
-- the Team invoices recorded before this migration (the trigger moves their totals from "other" to "team")
UPDATE invoices SET team = true
WHERE plan_type IS NULL AND stripe_subscription_id IN (SELECT stripe_subscription_id FROM team_subscriptions);
