ALTER TABLE "chapters" ADD COLUMN "scheduled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "novels" ADD COLUMN "free_from" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "chapters_scheduled_idx" ON "chapters" USING btree ("published_at") WHERE "chapters"."scheduled";