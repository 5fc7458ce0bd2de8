CREATE TABLE "audio_chapter_heard" (
	"chapter_id" integer PRIMARY KEY NOT NULL,
	"last_heard_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_login_challenges" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "totp_secret" varchar(255);--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "totp_pending_secret" varchar(255);--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audio_chapter_heard" ADD CONSTRAINT "audio_chapter_heard_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_login_challenges" ADD CONSTRAINT "staff_login_challenges_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_login_challenges_staff_idx" ON "staff_login_challenges" USING btree ("staff_id");