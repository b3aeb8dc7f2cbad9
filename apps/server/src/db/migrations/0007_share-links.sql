-- One tracked link per member, activity and network. Earlier re-shares made a new link each time: keep one per
-- key (the posted one, else the one with most clicks, else the first), move the others' visitors onto it, drop them.
CREATE TEMPORARY TABLE "share_merge" AS
SELECT "id", first_value("id") OVER (
  PARTITION BY "user_id", "activity_id", "channel"
  ORDER BY ("shared_at" IS NULL), "clicks" DESC, "id"
) AS "keep_id"
FROM "shares";
--> statement-breakpoint
INSERT INTO "share_clicks" ("client_id", "share_id", "visitor_hash", "created_at")
SELECT c."client_id", m."keep_id", c."visitor_hash", c."created_at"
FROM "share_clicks" c JOIN "share_merge" m ON m."id" = c."share_id"
WHERE m."id" <> m."keep_id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "shares" s USING "share_merge" m WHERE s."id" = m."id" AND m."id" <> m."keep_id";
--> statement-breakpoint
UPDATE "shares" s SET "clicks" = (SELECT count(*) FROM "share_clicks" c WHERE c."share_id" = s."id")
WHERE s."id" IN (SELECT "keep_id" FROM "share_merge" WHERE "id" <> "keep_id");
--> statement-breakpoint
DROP TABLE "share_merge";
--> statement-breakpoint
CREATE UNIQUE INDEX "shares_user_activity_channel" ON "shares" USING btree ("user_id","activity_id","channel");
