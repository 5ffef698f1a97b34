-- The BEP-20 network fee kept from each withdrawal (issue 20); withdrawals requested before it had none.
ALTER TABLE "withdrawals" ADD COLUMN "fee" numeric(38, 18) DEFAULT '0' NOT NULL;