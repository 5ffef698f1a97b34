DROP INDEX "bots_running_idx";--> statement-breakpoint
CREATE INDEX "bots_running_idx" ON "bots" USING btree ("lease_owner","id") WHERE "bots"."status" IN ('Live', 'Pause');--> statement-breakpoint
-- Room on each page for the next version of a row: the heartbeat's renewals and the engine's state writes stay HOT updates.
ALTER TABLE "bots" SET (fillfactor = 80);
