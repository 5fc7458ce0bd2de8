CREATE TABLE "wechat_tokens" (
	"kind" varchar(16) PRIMARY KEY NOT NULL,
	"app_id" varchar(64) DEFAULT '' NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_clicks_daily" (
	"game_id" integer NOT NULL,
	"day" date NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "game_clicks_daily_game_id_day_pk" PRIMARY KEY("game_id","day")
);
--> statement-breakpoint
CREATE TABLE "game_preferences" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"hide_games" boolean NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"icon" text NOT NULL,
	"art" text,
	"description" varchar(120) DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"category" varchar(16) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"languages" jsonb DEFAULT '[0,1,2]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "novel_tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"novel_id" integer NOT NULL,
	"language_type" smallint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "novel_tests_window_ck" CHECK ("novel_tests"."ends_at" > "novel_tests"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "experiment_conversions" (
	"id" serial PRIMARY KEY NOT NULL,
	"experiment_id" integer NOT NULL,
	"subject" varchar(80) NOT NULL,
	"variant" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiment_exposures" (
	"id" serial PRIMARY KEY NOT NULL,
	"experiment_id" integer NOT NULL,
	"subject" varchar(80) NOT NULL,
	"variant" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiments" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(48) NOT NULL,
	"name" varchar(64) NOT NULL,
	"status" varchar(8) DEFAULT 'stopped' NOT NULL,
	"variants" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experiments_status_ck" CHECK ("experiments"."status" in ('running', 'stopped'))
);
--> statement-breakpoint
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
ALTER TABLE "members" ADD COLUMN "block_id" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
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
ALTER TABLE "game_clicks_daily" ADD CONSTRAINT "game_clicks_daily_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_preferences" ADD CONSTRAINT "game_preferences_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "novel_tests" ADD CONSTRAINT "novel_tests_novel_id_novels_id_fk" FOREIGN KEY ("novel_id") REFERENCES "public"."novels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_conversions" ADD CONSTRAINT "experiment_conversions_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_exposures" ADD CONSTRAINT "experiment_exposures_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_lifted_by_staff_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_appeal_handled_by_staff_users_id_fk" FOREIGN KEY ("appeal_handled_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_follows" ADD CONSTRAINT "member_follows_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_follows" ADD CONSTRAINT "member_follows_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_daily_stats" ADD CONSTRAINT "ad_daily_stats_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_impressions" ADD CONSTRAINT "ad_impressions_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "games_active_sort_idx" ON "games" USING btree ("active","sort");--> statement-breakpoint
CREATE INDEX "novel_tests_lang_window_idx" ON "novel_tests" USING btree ("language_type","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "experiment_conversions_subject_uq" ON "experiment_conversions" USING btree ("experiment_id","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "experiment_exposures_subject_uq" ON "experiment_exposures" USING btree ("experiment_id","subject");--> statement-breakpoint
CREATE INDEX "experiment_exposures_variant_idx" ON "experiment_exposures" USING btree ("experiment_id","variant");--> statement-breakpoint
CREATE UNIQUE INDEX "experiments_key_uq" ON "experiments" USING btree ("key");--> statement-breakpoint
CREATE INDEX "member_blocks_member_idx" ON "member_blocks" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "member_blocks_appeal_idx" ON "member_blocks" USING btree ("appealed_at") WHERE "member_blocks"."appeal_status" = 'pending';--> statement-breakpoint
CREATE INDEX "ad_impressions_cap_idx" ON "ad_impressions" USING btree ("ad_id","viewer","day");--> statement-breakpoint
CREATE INDEX "ad_impressions_created_idx" ON "ad_impressions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ad_publications_current_idx" ON "ad_publications" USING btree ("kind","brand","created_at");--> statement-breakpoint
CREATE INDEX "ads_placement_idx" ON "ads" USING btree ("placement","active");--> statement-breakpoint
ALTER TABLE "ads" DROP COLUMN "position";--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_weight_ck" CHECK ("ads"."weight" between 1 and 1000000);--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_cap_ck" CHECK ("ads"."daily_cap" is null or "ads"."daily_cap" >= 1);