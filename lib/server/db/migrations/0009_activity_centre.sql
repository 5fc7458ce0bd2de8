CREATE TABLE "activity_days" (
	"member_id" integer NOT NULL,
	"day" date NOT NULL,
	"read_seconds" integer DEFAULT 0 NOT NULL,
	"listen_seconds" integer DEFAULT 0 NOT NULL,
	"night_read_seconds" integer DEFAULT 0 NOT NULL,
	"last_read_at" timestamp with time zone,
	"last_listen_at" timestamp with time zone,
	CONSTRAINT "activity_days_member_id_day_pk" PRIMARY KEY("member_id","day")
);
--> statement-breakpoint
CREATE TABLE "lottery_days" (
	"day" date PRIMARY KEY NOT NULL,
	"spent" integer DEFAULT 0 NOT NULL,
	"draws" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prize_days" (
	"prize_id" integer NOT NULL,
	"day" date NOT NULL,
	"drawn" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "prize_days_prize_id_day_pk" PRIMARY KEY("prize_id","day")
);
--> statement-breakpoint
CREATE TABLE "surprise_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"key" varchar(32) NOT NULL,
	"environment" varchar(32),
	"tx_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "mall_stock" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "mall_claimed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_chances" ADD COLUMN "grant_key" varchar(64);--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "action" varchar(16) DEFAULT 'share' NOT NULL;--> statement-breakpoint
ALTER TABLE "prize_records" ADD COLUMN "name" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "prize_records" ADD COLUMN "chance_id" integer;--> statement-breakpoint
ALTER TABLE "prizes" ADD COLUMN "daily_stock" integer;--> statement-breakpoint
ALTER TABLE "prizes" ADD COLUMN "cost" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "prizes" ADD COLUMN "fallback" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "prizes" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "prizes" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_days" ADD CONSTRAINT "activity_days_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_days" ADD CONSTRAINT "prize_days_prize_id_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surprise_claims" ADD CONSTRAINT "surprise_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "surprise_claims_member_key_uq" ON "surprise_claims" USING btree ("member_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_chances_grant_uq" ON "lottery_chances" USING btree ("member_id","grant_key");--> statement-breakpoint
CREATE UNIQUE INDEX "prize_records_chance_uq" ON "prize_records" USING btree ("chance_id");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_mall_stock_ck" CHECK ("coupons"."mall_stock" is null or "coupons"."mall_claimed" <= "coupons"."mall_stock");--> statement-breakpoint
-- Databases seeded before the activity centre: name what each seeded mission counts, price the seeded prizes and add
-- the wheel's fallback slot (docs/activity.md). A fresh database has no rows yet; its seed writes them.
UPDATE "missions" SET "action" = 'read_minutes', "target" = 10 WHERE "action_id" = 'read_10min';--> statement-breakpoint
UPDATE "missions" SET "action" = 'listen_minutes', "target" = 15 WHERE "action_id" = 'listen_15min';--> statement-breakpoint
UPDATE "missions" SET "action" = 'comment' WHERE "action_id" = 'comment';--> statement-breakpoint
UPDATE "missions" SET "action" = 'shelf_add' WHERE "action_id" = 'add_shelf';--> statement-breakpoint
UPDATE "missions" SET "action" = 'read_days' WHERE "action_id" = 'read_7days';--> statement-breakpoint
UPDATE "prizes" SET "cost" = CASE "reward_type" WHEN 'vip_days' THEN "reward" * 100 ELSE "reward" END;--> statement-breakpoint
UPDATE "prizes" SET "daily_stock" = 1 WHERE "reward_type" = 'vip_days' AND "reward" >= 365;--> statement-breakpoint
INSERT INTO "prizes" ("name", "reward_type", "reward", "weight", "fallback", "sort")
  SELECT '谢谢参与', 'none', 0, 300, true, 99 WHERE EXISTS (SELECT 1 FROM "prizes") AND NOT EXISTS (SELECT 1 FROM "prizes" WHERE "fallback");--> statement-breakpoint
UPDATE "coupons" SET "mall_stock" = 500 WHERE "grant_on" = 'manual' AND "mall_stock" IS NULL;
