CREATE TABLE "runnable_starts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"symbol" text NOT NULL,
	"category" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "runnable_starts_kind" CHECK ("runnable_starts"."kind" IN ('bot', 'cycle')),
	CONSTRAINT "runnable_starts_category" CHECK ("runnable_starts"."category" IN ('Spot', 'Future'))
);
--> statement-breakpoint
ALTER TABLE "runnable_starts" ADD CONSTRAINT "runnable_starts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "runnable_starts_user_idx" ON "runnable_starts" USING btree ("user_id");