ALTER TABLE "wallet_operations" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Hand-added: a process that died mid-operation under the old in-process lock may have left a
-- member with more than one 'pending' row; keep the newest pending, the reconciler settles the rest.
UPDATE "wallet_operations" AS "w" SET "status" = 'unknown' WHERE "w"."status" = 'pending' AND EXISTS (SELECT 1 FROM "wallet_operations" AS "n" WHERE "n"."user_id" = "w"."user_id" AND "n"."status" = 'pending' AND ("n"."created_at", "n"."id") > ("w"."created_at", "w"."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_operations_one_pending_idx" ON "wallet_operations" USING btree ("user_id") WHERE "wallet_operations"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_operations_transfer_ref_idx" ON "wallet_operations" USING btree ("user_id","exchange_ref") WHERE "wallet_operations"."kind" = 'transfer' AND "wallet_operations"."exchange_ref" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "wallet_operations_unsettled_idx" ON "wallet_operations" USING btree ("created_at") WHERE "wallet_operations"."status" IN ('pending', 'unknown');