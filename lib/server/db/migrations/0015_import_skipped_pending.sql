CREATE TABLE "import_draft_skipped" (
	"id" serial PRIMARY KEY NOT NULL,
	"draft_id" integer NOT NULL,
	"idx" integer NOT NULL,
	"title" varchar(128) NOT NULL,
	"content" text NOT NULL,
	"before_chapter_id" integer,
	"restored_chapter_id" integer
);
--> statement-breakpoint
CREATE TABLE "import_pending" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"form" jsonb NOT NULL,
	"candidates" jsonb NOT NULL,
	"bytes" integer NOT NULL,
	"has_cover" boolean DEFAULT false NOT NULL,
	"claimed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_draft_skipped" ADD CONSTRAINT "import_draft_skipped_draft_id_import_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."import_drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_pending" ADD CONSTRAINT "import_pending_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_draft_skipped_draft_idx" ON "import_draft_skipped" USING btree ("draft_id","idx");--> statement-breakpoint
CREATE INDEX "import_pending_staff_idx" ON "import_pending" USING btree ("staff_id");