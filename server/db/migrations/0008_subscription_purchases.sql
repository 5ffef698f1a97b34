CREATE TABLE "level_rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"from_user_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"percentage" numeric(6, 3) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "level_rewards_level_positive" CHECK ("level_rewards"."level" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"usdt_price" numeric(38, 18) NOT NULL,
	"days" integer NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_price_positive" CHECK ("subscription_plans"."usdt_price" > 0),
	CONSTRAINT "subscription_plans_days_positive" CHECK ("subscription_plans"."days" > 0)
);
--> statement-breakpoint
ALTER TABLE "member_subscriptions" ADD COLUMN "plan_id" uuid;--> statement-breakpoint
ALTER TABLE "member_subscriptions" ADD COLUMN "paid_usdt" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_subscriptions" ADD COLUMN "paid_ifc" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_subscriptions" ADD COLUMN "usdt_value" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_subscriptions" ADD COLUMN "available_credit" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "level_rewards" ADD CONSTRAINT "level_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_rewards" ADD CONSTRAINT "level_rewards_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_rewards" ADD CONSTRAINT "level_rewards_subscription_id_member_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."member_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "level_rewards_once_idx" ON "level_rewards" USING btree ("subscription_id","level");--> statement-breakpoint
CREATE INDEX "level_rewards_user_idx" ON "level_rewards" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "member_subscriptions" ADD CONSTRAINT "member_subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_subscriptions_user_created_idx" ON "member_subscriptions" USING btree ("user_id","created_at");