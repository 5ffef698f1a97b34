-- Default subscription plans (issue 23, item 11): without a plan a new member can neither
-- subscribe nor start a bot. Monthly, quarterly and yearly, cheaper per day the longer the
-- plan; the IFC price follows the ifcNewTokenPrice setting. Added only when no plan exists
-- yet, so plans support staff already set up stay the only ones. A migration runs once: plans
-- retired or added later with the admin CLI (list-plans, add-plan, retire-plan) stay as set.
INSERT INTO "subscription_plans" ("usdt_price", "days")
SELECT p.usdt_price, p.days
FROM (VALUES (30::numeric, 30), (80::numeric, 90), (300::numeric, 365)) AS p(usdt_price, days)
WHERE NOT EXISTS (SELECT 1 FROM "subscription_plans");
