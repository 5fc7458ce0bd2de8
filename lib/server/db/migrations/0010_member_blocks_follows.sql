CREATE TABLE "member_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"reason" varchar(200) NOT NULL,
	"ends_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" integer,
	"lift_note" varchar(200),
	"appeal_text" varchar(500),
	"appealed_at" timestamp with time zone,
	"appeal_status" varchar(16),
	"appeal_reply" varchar(200),
	"appeal_handled_by" integer,
	"appeal_handled_at" timestamp with time zone,
	CONSTRAINT "member_blocks_appeal_status_ck" CHECK ("member_blocks"."appeal_status" is null or "member_blocks"."appeal_status" in ('pending', 'rejected', 'accepted'))
);
--> statement-breakpoint
CREATE TABLE "member_follows" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"followed" boolean NOT NULL,
	"source" varchar(16) NOT NULL,
	"updated_by" integer,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "block_id" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_lifted_by_staff_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_appeal_handled_by_staff_users_id_fk" FOREIGN KEY ("appeal_handled_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_follows" ADD CONSTRAINT "member_follows_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_follows" ADD CONSTRAINT "member_follows_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_blocks_member_idx" ON "member_blocks" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "member_blocks_appeal_idx" ON "member_blocks" USING btree ("appealed_at") WHERE "member_blocks"."appeal_status" = 'pending';