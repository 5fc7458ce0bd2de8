CREATE TABLE "guardian_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"guardian_name" varchar(32) NOT NULL,
	"guardian_phone" varchar(20) NOT NULL,
	"relation" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oauth_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"subject" varchar(128) NOT NULL,
	"nickname" varchar(64) NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "members_device_guest_uq";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "via" varchar(32) DEFAULT 'sms' NOT NULL;--> statement-breakpoint
ALTER TABLE "guardian_consents" ADD CONSTRAINT "guardian_consents_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardian_consents_member_idx" ON "guardian_consents" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_codes_hash_uq" ON "oauth_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "members_device_guest_uq" ON "members" USING btree ("device_id") WHERE "members"."is_guest" and "members"."merged_into_id" is null;