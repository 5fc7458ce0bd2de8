-- One author per name and language (docs/content.md "Authors"). A live database may already hold twins (two imports
-- at once, or names that differ only in Unicode form or surrounding whitespace): names first take the stored form
-- (NFC, without the whitespace JavaScript's trim() removes), then each set of twins keeps its lowest id, its novels
-- move there and the others go; only then can the unique index be built.
CREATE TEMPORARY TABLE "author_names" AS
	SELECT "id", "name" AS "was", regexp_replace(normalize("name", NFC), '^[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$', '', 'g') AS "name"
	FROM "authors";--> statement-breakpoint
UPDATE "authors" SET "name" = n."name" FROM "author_names" n
	WHERE "authors"."id" = n."id" AND n."name" <> n."was" AND n."name" <> '';--> statement-breakpoint
UPDATE "novels" SET "author_id" = k."keep"
	FROM (SELECT "id", min("id") OVER (PARTITION BY "name", "language_type") AS "keep" FROM "authors") k
	WHERE "novels"."author_id" = k."id" AND k."id" <> k."keep";--> statement-breakpoint
DELETE FROM "authors" a USING "authors" b
	WHERE a."name" = b."name" AND a."language_type" = b."language_type" AND a."id" > b."id";--> statement-breakpoint
-- A renamed author's novels recompute their search text (its trigger fires on an update of author_id).
UPDATE "novels" SET "author_id" = "author_id"
	WHERE "author_id" IN (SELECT "id" FROM "author_names" WHERE "name" <> "was" AND "name" <> '');--> statement-breakpoint
DROP TABLE "author_names";--> statement-breakpoint
CREATE UNIQUE INDEX "authors_name_language_key" ON "authors" USING btree ("name","language_type");
