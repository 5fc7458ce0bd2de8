CREATE TABLE "fan_values" (
	"member_id" integer NOT NULL,
	"novel_id" integer NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_values_member_id_novel_id_pk" PRIMARY KEY("member_id","novel_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"source" varchar(16) NOT NULL,
	"month" varchar(7) NOT NULL,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tx_id" integer NOT NULL,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_lots_remaining_ck" CHECK ("ticket_lots"."remaining" >= 0 and "ticket_lots"."remaining" <= "ticket_lots"."amount")
);
--> statement-breakpoint
ALTER TABLE "vote_tickets" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "vote_tickets" CASCADE;--> statement-breakpoint
ALTER TABLE "ranking_items" ALTER COLUMN "score" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "rankings" ADD COLUMN "metric" varchar(16) DEFAULT 'sales' NOT NULL;--> statement-breakpoint
ALTER TABLE "rankings" ADD COLUMN "period_days" integer;--> statement-breakpoint
ALTER TABLE "rankings" ADD COLUMN "computed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "language_type" smallint;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "free_day" date;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "tx_id" integer;--> statement-breakpoint
ALTER TABLE "fan_values" ADD CONSTRAINT "fan_values_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_values" ADD CONSTRAINT "fan_values_novel_id_novels_id_fk" FOREIGN KEY ("novel_id") REFERENCES "public"."novels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_lots" ADD CONSTRAINT "ticket_lots_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fan_values_novel_idx" ON "fan_values" USING btree ("novel_id","value");--> statement-breakpoint
CREATE INDEX "ticket_lots_member_exp_idx" ON "ticket_lots" USING btree ("member_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_free_day_uq" ON "tips" USING btree ("member_id","free_day");--> statement-breakpoint
CREATE INDEX "votes_member_idx" ON "votes" USING btree ("member_id","novel_id","created_at");