-- Spot and USD-M number their trades each on their own: a trade is known by its market too.
ALTER TABLE "bot_fills" ADD COLUMN "market" text DEFAULT 'spot' NOT NULL;--> statement-breakpoint
UPDATE "bot_fills" SET "market" = 'futures' FROM "bot_orders", "bots"
  WHERE "bot_orders"."id" = "bot_fills"."order_id" AND "bots"."id" = "bot_orders"."bot_id" AND "bots"."category" = 'Future';--> statement-breakpoint
ALTER TABLE "bot_fills" DROP CONSTRAINT "bot_fills_symbol_trade_id_pk";--> statement-breakpoint
ALTER TABLE "bot_fills" ADD CONSTRAINT "bot_fills_market_symbol_trade_id_pk" PRIMARY KEY("market","symbol","trade_id");
