CREATE TABLE "exchange_keys" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"api_key" text NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"key_version" integer NOT NULL,
	"ip_restricted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"from_wallet" text,
	"to_wallet" text,
	"client_order_id" text,
	"status" text NOT NULL,
	"exchange_ref" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_operations_kind" CHECK ("wallet_operations"."kind" IN ('transfer', 'swap')),
	CONSTRAINT "wallet_operations_status" CHECK ("wallet_operations"."status" IN ('pending', 'done', 'failed', 'unknown'))
);
--> statement-breakpoint
ALTER TABLE "exchange_keys" ADD CONSTRAINT "exchange_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_operations_idempotency_idx" ON "wallet_operations" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "wallet_operations_user_idx" ON "wallet_operations" USING btree ("user_id");