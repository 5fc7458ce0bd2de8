CREATE TABLE "ad_daily_stats" (
	"ad_id" integer NOT NULL,
	"day" date NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_daily_stats_ad_id_day_pk" PRIMARY KEY("ad_id","day")
);
--> statement-breakpoint
CREATE TABLE "ad_impressions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_impressions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token" varchar(32) NOT NULL,
	"ad_id" integer NOT NULL,
	"viewer" varchar(80) NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"clicked_at" timestamp with time zone,
	CONSTRAINT "ad_impressions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "ad_publications" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"brand" varchar(8) NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_events" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "ad_events" CASCADE;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "scene" integer;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "placement" varchar(16) DEFAULT 'home_carousel' NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "body" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "language_type" smallint;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "channel" smallint;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "audience" varchar(8) DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "bonus_hunter_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "brand" varchar(8) DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "daily_cap" integer;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_daily_stats" ADD CONSTRAINT "ad_daily_stats_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_impressions" ADD CONSTRAINT "ad_impressions_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_impressions_cap_idx" ON "ad_impressions" USING btree ("ad_id","viewer","day");--> statement-breakpoint
CREATE INDEX "ad_impressions_created_idx" ON "ad_impressions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ad_publications_current_idx" ON "ad_publications" USING btree ("kind","brand","created_at");--> statement-breakpoint
CREATE INDEX "ads_placement_idx" ON "ads" USING btree ("placement","active");--> statement-breakpoint
ALTER TABLE "ads" DROP COLUMN "position";--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_weight_ck" CHECK ("ads"."weight" between 1 and 1000000);--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_cap_ck" CHECK ("ads"."daily_cap" is null or "ads"."daily_cap" >= 1);