CREATE TABLE "audio_backlog" (
	"chapter_id" integer PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audio_backlog" ADD CONSTRAINT "audio_backlog_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audio_backlog_queued_idx" ON "audio_backlog" USING btree ("queued_at","chapter_id");