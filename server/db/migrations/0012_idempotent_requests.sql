CREATE TABLE "idempotent_requests" (
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"operation" text NOT NULL,
	"request" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_requests_user_id_idempotency_key_pk" PRIMARY KEY("user_id","idempotency_key"),
	CONSTRAINT "idempotent_requests_operation" CHECK ("idempotent_requests"."operation" IN ('subscription', 'withdrawal', 'reward_swap'))
);
--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD CONSTRAINT "idempotent_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;