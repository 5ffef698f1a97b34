CREATE TABLE "cycle_commands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cycle_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"result" text,
	CONSTRAINT "cycle_commands_kind" CHECK ("cycle_commands"."kind" IN ('stop', 'stopAndSell', 'settings'))
);
--> statement-breakpoint
CREATE TABLE "cycle_fills" (
	"order_id" uuid NOT NULL,
	"market" text DEFAULT 'spot' NOT NULL,
	"symbol" text NOT NULL,
	"trade_id" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"fee_asset" text NOT NULL,
	CONSTRAINT "cycle_fills_market_symbol_trade_id_pk" PRIMARY KEY("market","symbol","trade_id")
);
--> statement-breakpoint
CREATE TABLE "cycle_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cycle_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"client_order_id" text NOT NULL,
	"kind" text NOT NULL,
	"side" text NOT NULL,
	"slot" integer NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"decision_price" numeric(38, 18) NOT NULL,
	"order_type" text DEFAULT 'market' NOT NULL,
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
	CONSTRAINT "cycle_orders_status" CHECK ("cycle_orders"."status" IN ('intent', 'unknown', 'open', 'cancel', 'filled', 'failed')),
	CONSTRAINT "cycle_orders_kind" CHECK ("cycle_orders"."kind" IN ('buy', 'sell', 'liquidation')),
	CONSTRAINT "cycle_orders_type" CHECK ("cycle_orders"."order_type" IN ('market', 'limit'))
);
--> statement-breakpoint
CREATE TABLE "cycles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"symbol" text NOT NULL,
	"category" text DEFAULT 'Spot' NOT NULL,
	"leverage" integer,
	"amount" numeric(38, 18) NOT NULL,
	"buy_price" numeric(38, 18) NOT NULL,
	"sell_price" numeric(38, 18) NOT NULL,
	"stop_loss" numeric(38, 18) NOT NULL,
	"no_of_cycle" integer NOT NULL,
	"cycles_completed" integer DEFAULT 0 NOT NULL,
	"last_bought_price" numeric(38, 18),
	"market_rules" jsonb,
	"state" jsonb,
	"order_seq" integer DEFAULT 0 NOT NULL,
	"stop_reason" text,
	"stop_message" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	"realized_pnl" numeric(38, 18) DEFAULT '0' NOT NULL,
	"profit_booked" numeric(38, 18) DEFAULT '0' NOT NULL,
	"loss_booked" numeric(38, 18) DEFAULT '0' NOT NULL,
	"held_qty" numeric(38, 18) DEFAULT '0' NOT NULL,
	"held_cost" numeric(38, 18) DEFAULT '0' NOT NULL,
	"grid_no" integer DEFAULT 0 NOT NULL,
	"trades" integer DEFAULT 0 NOT NULL,
	"last_price" numeric(38, 18),
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	CONSTRAINT "cycles_status" CHECK ("cycles"."status" IN ('Live', 'Completed', 'Stopped')),
	CONSTRAINT "cycles_category" CHECK ("cycles"."category" IN ('Spot', 'Future')),
	CONSTRAINT "cycles_prices" CHECK ("cycles"."stop_loss" <= "cycles"."buy_price" AND "cycles"."buy_price" < "cycles"."sell_price"),
	CONSTRAINT "cycles_counts" CHECK ("cycles"."no_of_cycle" >= 1 AND "cycles"."cycles_completed" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cycle_commands" ADD CONSTRAINT "cycle_commands_cycle_id_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."cycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_fills" ADD CONSTRAINT "cycle_fills_order_id_cycle_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."cycle_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_orders" ADD CONSTRAINT "cycle_orders_cycle_id_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."cycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycles" ADD CONSTRAINT "cycles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cycle_commands_pending_idx" ON "cycle_commands" USING btree ("created_at") WHERE "cycle_commands"."applied_at" IS NULL;--> statement-breakpoint
CREATE INDEX "cycle_fills_order_idx" ON "cycle_fills" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cycle_orders_client_order_id_idx" ON "cycle_orders" USING btree ("client_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cycle_orders_cycle_seq_idx" ON "cycle_orders" USING btree ("cycle_id","seq");--> statement-breakpoint
CREATE INDEX "cycle_orders_cycle_filled_idx" ON "cycle_orders" USING btree ("cycle_id","filled_at");--> statement-breakpoint
CREATE INDEX "cycle_orders_unsettled_idx" ON "cycle_orders" USING btree ("cycle_id") WHERE "cycle_orders"."status" IN ('intent', 'unknown', 'open', 'cancel');--> statement-breakpoint
CREATE INDEX "cycles_user_idx" ON "cycles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cycles_live_pair_idx" ON "cycles" USING btree ("user_id","symbol") WHERE "cycles"."status" = 'Live';--> statement-breakpoint
CREATE INDEX "cycles_running_idx" ON "cycles" USING btree ("lease_owner","id") WHERE "cycles"."status" IN ('Live', 'Pause');