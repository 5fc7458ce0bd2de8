ALTER TABLE "comments" ADD COLUMN "report_score" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "comments_flagged_idx" ON "comments" USING btree ("flagged_at") WHERE "comments"."flagged_at" is not null;--> statement-breakpoint
-- Reports filed before weighting counted one each: carry them over as they were.
UPDATE "comments" SET "report_score" = "report_count" WHERE "report_count" > 0;