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
CREATE TABLE "import_draft_chapters" (
	"id" serial PRIMARY KEY NOT NULL,
	"draft_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" varchar(128) NOT NULL,
	"content" text NOT NULL,
	"word_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"format" varchar(8) NOT NULL,
	"encoding" varchar(16) NOT NULL,
	"meta" jsonb NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"cover_ext" varchar(8),
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_audit_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"staff_id" integer,
	"violations" integer NOT NULL,
	"sample" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"staff_id" integer,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"override" boolean DEFAULT false NOT NULL,
	"reversed" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tx_id" integer,
	"provider_refund_ref" varchar(96),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "scheduled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "novels" ADD COLUMN "free_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "product_terms" jsonb;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "totp_secret" varchar(255);--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "totp_pending_secret" varchar(255);--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audio_chapter_heard" ADD CONSTRAINT "audio_chapter_heard_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_login_challenges" ADD CONSTRAINT "staff_login_challenges_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_draft_chapters" ADD CONSTRAINT "import_draft_chapters_draft_id_import_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."import_drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_drafts" ADD CONSTRAINT "import_drafts_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_login_challenges_staff_idx" ON "staff_login_challenges" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "import_draft_chapters_draft_idx" ON "import_draft_chapters" USING btree ("draft_id","position");--> statement-breakpoint
CREATE INDEX "import_drafts_staff_idx" ON "import_drafts" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "ledger_audit_runs_created_idx" ON "ledger_audit_runs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_order_uq" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_refunds_member_idx" ON "order_refunds" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "chapters_scheduled_idx" ON "chapters" USING btree ("published_at") WHERE "chapters"."scheduled";