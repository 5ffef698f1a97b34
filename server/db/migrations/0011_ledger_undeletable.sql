ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Append-only covers removal too: a ledger row is never deleted, alone, with its member
-- (the foreign key above now restricts instead of cascading) or by emptying the table.
CREATE OR REPLACE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: % is refused', TG_OP
    USING ERRCODE = 'restrict_violation', HINT = 'Correct a balance with a new posting: npm run admin -- adjust.';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_delete BEFORE DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_append_only();
