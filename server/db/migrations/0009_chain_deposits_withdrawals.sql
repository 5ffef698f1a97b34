CREATE TABLE "chain_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"block_number" numeric(20, 0) NOT NULL,
	"block_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" numeric(20, 0) NOT NULL,
	"block_hash" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_deposits_token" CHECK ("chain_deposits"."token" IN ('USDT', 'IFT', 'IFX')),
	CONSTRAINT "chain_deposits_amount_positive" CHECK ("chain_deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"hd_index" bigserial NOT NULL,
	"address" text NOT NULL,
	"listen_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"to_address" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"nonce" numeric(20, 0),
	"signed_tx" text,
	"tx_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" IN ('PENDING', 'SUCCESS', 'FAILED')),
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_tx_log_idx" ON "chain_deposits" USING btree ("tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "chain_deposits_user_idx" ON "chain_deposits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_hd_index_idx" ON "deposit_addresses" USING btree ("hd_index");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_address_idx" ON "deposit_addresses" USING btree ("address");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_pending_idx" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_nonce_idx" ON "withdrawals" USING btree ("nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_tx_hash_idx" ON "withdrawals" USING btree ("tx_hash");