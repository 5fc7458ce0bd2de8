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
DROP INDEX "wallet_accounts_system_uq";--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_name_tick_uq" ON "job_runs" USING btree ("name","tick");--> statement-breakpoint
CREATE INDEX "job_runs_tick_idx" ON "job_runs" USING btree ("tick");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_system_shard_uq" ON "wallet_accounts" USING btree ("system_name","currency","shard");