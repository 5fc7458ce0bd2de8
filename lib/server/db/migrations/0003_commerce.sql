CREATE TABLE "bridge_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"member_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rich_msg_clicks" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "grant_on" varchar(16) DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD COLUMN "grant_key" varchar(48);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bridge_codes" ADD CONSTRAINT "bridge_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bridge_codes_hash_uq" ON "bridge_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "member_coupons_grant_uq" ON "member_coupons" USING btree ("member_id","grant_key");