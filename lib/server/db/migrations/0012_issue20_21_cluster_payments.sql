CREATE TABLE "audio_leases" (
	"key" varchar(160) PRIMARY KEY NOT NULL,
	"chapter_id" integer NOT NULL,
	"server_id" varchar(96) NOT NULL,
	"priority" varchar(8) NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(48) NOT NULL,
	"tick" timestamp with time zone NOT NULL,
	"server_id" varchar(96) NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" varchar(16),
	"error" text,
	"cursor" bigint,
	"attempts" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_reconciliation_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"reconciliation_id" integer NOT NULL,
	"provider" varchar(32) NOT NULL,
	"day" varchar(10) NOT NULL,
	"order_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"issue" varchar(16) NOT NULL,
	"our_amount" integer,
	"their_amount" integer,
	"trade_no" varchar(96),
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolution_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_reconciliations" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(32) NOT NULL,
	"day" varchar(10) NOT NULL,
	"status" varchar(16) NOT NULL,
	"bill_lines" integer DEFAULT 0 NOT NULL,
	"our_records" integer DEFAULT 0 NOT NULL,
	"differences" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "wallet_accounts_system_uq";--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_reconciliation_lines" ADD CONSTRAINT "payment_reconciliation_lines_reconciliation_id_payment_reconciliations_id_fk" FOREIGN KEY ("reconciliation_id") REFERENCES "public"."payment_reconciliations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reconciliation_lines" ADD CONSTRAINT "payment_reconciliation_lines_resolved_by_staff_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_name_tick_uq" ON "job_runs" USING btree ("name","tick");--> statement-breakpoint
CREATE INDEX "job_runs_tick_idx" ON "job_runs" USING btree ("tick");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reconciliation_lines_uq" ON "payment_reconciliation_lines" USING btree ("reconciliation_id","order_id","kind");--> statement-breakpoint
CREATE INDEX "payment_reconciliation_lines_open_idx" ON "payment_reconciliation_lines" USING btree ("resolved_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reconciliations_day_uq" ON "payment_reconciliations" USING btree ("provider","day");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_system_shard_uq" ON "wallet_accounts" USING btree ("system_name","currency","shard");