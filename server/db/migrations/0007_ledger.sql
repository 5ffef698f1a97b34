CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"balance_after" numeric(38, 18) NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"leg" integer NOT NULL,
	"reason" text,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_asset" CHECK ("ledger_entries"."asset" IN ('USDT', 'IFC', 'USDT_REWARD', 'IFT', 'IFX')),
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount" <> 0),
	CONSTRAINT "ledger_entries_balance_after" CHECK ("ledger_entries"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_balances" (
	"user_id" uuid NOT NULL,
	"asset" text NOT NULL,
	"balance" numeric(38, 18) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_balances_user_id_asset_pk" PRIMARY KEY("user_id","asset"),
	CONSTRAINT "member_balances_asset" CHECK ("member_balances"."asset" IN ('USDT', 'IFC', 'USDT_REWARD', 'IFT', 'IFX')),
	CONSTRAINT "member_balances_not_negative" CHECK ("member_balances"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_balances" ADD CONSTRAINT "member_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_idx" ON "ledger_entries" USING btree ("idempotency_key","leg");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_asset_idx" ON "ledger_entries" USING btree ("user_id","asset","id");--> statement-breakpoint
-- Append-only: a ledger row is never rewritten; corrections are new postings.
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
