CREATE TABLE "bot_commands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"result" text,
	CONSTRAINT "bot_commands_kind" CHECK ("bot_commands"."kind" IN ('stop', 'stopAndSell', 'settings'))
);
--> statement-breakpoint
CREATE TABLE "bot_fills" (
	"order_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"trade_id" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"fee_asset" text NOT NULL,
	CONSTRAINT "bot_fills_symbol_trade_id_pk" PRIMARY KEY("symbol","trade_id")
);
--> statement-breakpoint
CREATE TABLE "bot_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"client_order_id" text NOT NULL,
	"kind" text NOT NULL,
	"side" text NOT NULL,
	"grid" integer NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"decision_price" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"exchange_order_id" text,
	"fill_price" numeric(38, 18),
	"filled_qty" numeric(38, 18),
	"cost" numeric(38, 18),
	"fee" numeric(38, 18),
	"pnl" numeric(38, 18),
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"filled_at" timestamp with time zone,
	CONSTRAINT "bot_orders_status" CHECK ("bot_orders"."status" IN ('intent', 'unknown', 'filled', 'failed')),
	CONSTRAINT "bot_orders_kind" CHECK ("bot_orders"."kind" IN ('buy', 'sell', 'sellAll'))
);
--> statement-breakpoint
CREATE TABLE "disclaimer_agreements" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "strategy_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "strategy_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "symbol" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "category" text DEFAULT 'Spot' NOT NULL;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "bot_type" text DEFAULT 'Advanced Multigrid' NOT NULL;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "leverage" integer;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "investment" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "profit_book" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "pause_price" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "restart_price" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "stoploss_price" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "overbuy_protection" integer;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "market_rules" jsonb;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "state" jsonb;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "order_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "stop_reason" text;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "stop_message" text;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "realized_pnl" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "profit_booked" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "loss_booked" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "held_qty" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "held_cost" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "grid_no" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "total_grid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "trades" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "last_price" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bot_commands" ADD CONSTRAINT "bot_commands_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_fills" ADD CONSTRAINT "bot_fills_order_id_bot_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."bot_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_orders" ADD CONSTRAINT "bot_orders_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disclaimer_agreements" ADD CONSTRAINT "disclaimer_agreements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_events" ADD CONSTRAINT "member_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_commands_pending_idx" ON "bot_commands" USING btree ("created_at") WHERE "bot_commands"."applied_at" IS NULL;--> statement-breakpoint
CREATE INDEX "bot_fills_order_idx" ON "bot_fills" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_orders_client_order_id_idx" ON "bot_orders" USING btree ("client_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_orders_bot_seq_idx" ON "bot_orders" USING btree ("bot_id","seq");--> statement-breakpoint
CREATE INDEX "bot_orders_bot_filled_idx" ON "bot_orders" USING btree ("bot_id","filled_at");--> statement-breakpoint
CREATE INDEX "bot_orders_unsettled_idx" ON "bot_orders" USING btree ("bot_id") WHERE "bot_orders"."status" IN ('intent', 'unknown');--> statement-breakpoint
CREATE INDEX "member_events_user_idx" ON "member_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "bots_running_idx" ON "bots" USING btree ("lease_expires_at") WHERE "bots"."status" IN ('Live', 'Pause');--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_category" CHECK ("bots"."category" IN ('Spot', 'Future'));