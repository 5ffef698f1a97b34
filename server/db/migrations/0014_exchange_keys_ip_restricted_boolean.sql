-- saveKeys stored the exchange's answer as the text 'true' or 'false' (String(boolean)); PostgreSQL
-- casts no text to boolean by itself, so the USING clause says how: 'true' is true, anything else false.
ALTER TABLE "exchange_keys" ALTER COLUMN "ip_restricted" SET DATA TYPE boolean USING "ip_restricted" = 'true';
