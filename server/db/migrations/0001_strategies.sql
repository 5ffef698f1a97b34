CREATE TABLE "bots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"strategy_id" uuid,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bots_status" CHECK ("bots"."status" IN ('Live', 'Pause', 'Stopped'))
);
--> statement-breakpoint
CREATE TABLE "strategies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"kind" text DEFAULT 'advanced' NOT NULL,
	"grid_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "strategies_kind" CHECK ("strategies"."kind" IN ('advanced', 'scalping')),
	CONSTRAINT "strategies_grid_count" CHECK ("strategies"."grid_count" BETWEEN 1 AND 50)
);
--> statement-breakpoint
CREATE TABLE "strategy_grids" (
	"strategy_id" uuid NOT NULL,
	"grid_no" integer NOT NULL,
	"allotted_percent" numeric NOT NULL,
	"buy_percent" numeric,
	"buy_up_percent" numeric,
	"take_profit_percent" numeric NOT NULL,
	"take_profit_down_percent" numeric NOT NULL,
	CONSTRAINT "strategy_grids_strategy_id_grid_no_pk" PRIMARY KEY("strategy_id","grid_no"),
	CONSTRAINT "strategy_grids_grid_no" CHECK ("strategy_grids"."grid_no" BETWEEN 1 AND 50),
	CONSTRAINT "strategy_grids_market_first" CHECK (("strategy_grids"."grid_no" = 1) = ("strategy_grids"."buy_percent" IS NULL AND "strategy_grids"."buy_up_percent" IS NULL)),
	CONSTRAINT "strategy_grids_non_negative" CHECK ("strategy_grids"."allotted_percent" >= 0 AND "strategy_grids"."buy_percent" > 0 AND "strategy_grids"."buy_up_percent" >= 0 AND "strategy_grids"."take_profit_percent" > 0 AND "strategy_grids"."take_profit_down_percent" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_grids" ADD CONSTRAINT "strategy_grids_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bots_user_idx" ON "bots" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bots_strategy_idx" ON "bots" USING btree ("strategy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "strategies_user_name_unique" ON "strategies" USING btree ("user_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "strategies_system_name_unique" ON "strategies" USING btree ("name") WHERE "strategies"."user_id" IS NULL;--> statement-breakpoint
-- System strategies (user_id NULL): every member may select them; no one may edit or delete them.
-- Fewer grids get wider steps so the same price range is covered; allotted is 100 / grids.
INSERT INTO "strategies" ("user_id", "name", "kind", "grid_count") VALUES
	(NULL, 'System 5 Grids - Wide', 'advanced', 5),
	(NULL, 'System 10 Grids - Balanced', 'advanced', 10),
	(NULL, 'System 20 Grids - Tight', 'advanced', 20);
--> statement-breakpoint
INSERT INTO "strategy_grids" ("strategy_id", "grid_no", "allotted_percent", "buy_percent", "buy_up_percent", "take_profit_percent", "take_profit_down_percent")
SELECT s."id", g, round(100::numeric / s."grid_count", 2),
	CASE WHEN g = 1 THEN NULL ELSE p.buy END, CASE WHEN g = 1 THEN NULL ELSE p.buy_up END,
	p.tp, p.tp_down
FROM "strategies" s
JOIN (VALUES
	('System 5 Grids - Wide', 2.0, 0.3, 2.0, 0.3),
	('System 10 Grids - Balanced', 1.2, 0.2, 1.2, 0.2),
	('System 20 Grids - Tight', 0.8, 0.15, 1.0, 0.2)
) AS p(name, buy, buy_up, tp, tp_down) ON p.name = s."name"
CROSS JOIN generate_series(1, s."grid_count") AS g
WHERE s."user_id" IS NULL;
