CREATE TABLE "idempotency_keys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idempotency_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor" varchar(80) NOT NULL,
	"route" varchar(200) NOT NULL,
	"sig" varchar(32) NOT NULL,
	"status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" varchar(20),
	"nickname" varchar(64),
	"avatar" text,
	"language_type" smallint,
	"is_guest" boolean DEFAULT false NOT NULL,
	"device_id" varchar(128),
	"birth_date" date,
	"guardian_consent_at" timestamp with time zone,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"spinwin" boolean DEFAULT false NOT NULL,
	"channel_id" varchar(64),
	"ref_link_id" varchar(64),
	"merged_into_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(32) NOT NULL,
	"subject" varchar(128) NOT NULL,
	"member_id" integer NOT NULL,
	"union_id" varchar(128),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_agent" text,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" varchar(20) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"ip" varchar(64),
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "authors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"avatar" text,
	"language_type" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"gender" smallint NOT NULL,
	"language_type" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapters" (
	"id" serial PRIMARY KEY NOT NULL,
	"novel_id" integer NOT NULL,
	"idx" integer NOT NULL,
	"title" varchar(128) NOT NULL,
	"content" text NOT NULL,
	"word_count" integer NOT NULL,
	"is_free" boolean DEFAULT true NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"redirect_to_id" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "novel_tags" (
	"novel_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "novel_tags_novel_id_tag_id_pk" PRIMARY KEY("novel_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "novels" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(128) NOT NULL,
	"author_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"thumb" text NOT NULL,
	"banner" text,
	"cover_tag" varchar(16),
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ctype" smallint DEFAULT 1 NOT NULL,
	"has_tts" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"gender" smallint DEFAULT 1 NOT NULL,
	"language_type" smallint DEFAULT 1 NOT NULL,
	"word_count" integer DEFAULT 0 NOT NULL,
	"article_count" integer DEFAULT 0 NOT NULL,
	"first_article_id" integer,
	"latest_article_id" integer,
	"copyright_holder" varchar(64) DEFAULT '' NOT NULL,
	"editor" varchar(32) DEFAULT '' NOT NULL,
	"is_off_shelf" boolean DEFAULT false NOT NULL,
	"sale_mode" varchar(16) DEFAULT 'chapter' NOT NULL,
	"whole_book_price" integer,
	"vip_free" boolean DEFAULT false NOT NULL,
	"free_until" timestamp with time zone,
	"popularity" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_list_items" (
	"book_list_id" integer NOT NULL,
	"novel_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "book_list_items_book_list_id_novel_id_pk" PRIMARY KEY("book_list_id","novel_id")
);
--> statement-breakpoint
CREATE TABLE "book_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language_type" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hot_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" varchar(64) NOT NULL,
	"language_type" smallint DEFAULT 1 NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"pinned" integer DEFAULT 0 NOT NULL,
	"last_searched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "list_items" (
	"list_id" integer NOT NULL,
	"novel_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "list_items_list_id_novel_id_pk" PRIMARY KEY("list_id","novel_id")
);
--> statement-breakpoint
CREATE TABLE "lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"slug" varchar(32) NOT NULL,
	"language_type" smallint DEFAULT 1 NOT NULL,
	"read_type" smallint DEFAULT 1 NOT NULL,
	"gender" smallint
);
--> statement-breakpoint
CREATE TABLE "ranking_items" (
	"ranking_id" integer NOT NULL,
	"novel_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ranking_items_ranking_id_novel_id_pk" PRIMARY KEY("ranking_id","novel_id")
);
--> statement-breakpoint
CREATE TABLE "rankings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"slug" varchar(32) NOT NULL,
	"read_type" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rich_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"rich_list_id" integer NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"title" varchar(128) NOT NULL,
	"banner" text,
	"summary" text DEFAULT '' NOT NULL,
	"link" text,
	"novel_id" integer,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rich_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"slug" varchar(32) NOT NULL,
	"language_type" smallint DEFAULT 1 NOT NULL,
	"read_type" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"keyword" varchar(64) NOT NULL,
	"member_id" integer,
	"results" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_layout_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"title" varchar(64) NOT NULL,
	"language_type" smallint DEFAULT 1 NOT NULL,
	"list_id" integer,
	"rich_list_id" integer,
	"ranking_id" integer,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_layout_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(32) NOT NULL,
	"gender" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_buy_settings" (
	"member_id" integer NOT NULL,
	"novel_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"novel_id" integer NOT NULL,
	"read_type" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "read_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"novel_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"read_type" smallint DEFAULT 1 NOT NULL,
	"paragraph_idx" integer DEFAULT 0 NOT NULL,
	"time_track" integer,
	"seen_article_count" integer DEFAULT 0 NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_entitlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"novel_id" integer NOT NULL,
	"price" integer NOT NULL,
	"tx_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapter_unlocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"chapter_id" integer NOT NULL,
	"novel_id" integer NOT NULL,
	"price" integer NOT NULL,
	"tx_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"threshold_price" integer NOT NULL,
	"discount" integer NOT NULL,
	"valid_days" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"tx_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"currency" varchar(16) NOT NULL,
	"amount" bigint NOT NULL,
	"lot_id" integer
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(32) NOT NULL,
	"member_id" integer,
	"idempotency_key" varchar(96),
	"reference" varchar(96),
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_order_id" integer,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"price" integer NOT NULL,
	"member_coupon_id" integer,
	"provider" varchar(32) NOT NULL,
	"provider_ref" varchar(96),
	"return_url" text,
	"cancel_url" text,
	"n_from" varchar(32),
	"promotion_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"tx_id" integer
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(32) NOT NULL,
	"notification_id" varchar(96) NOT NULL,
	"order_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_quota_days" (
	"product_id" integer NOT NULL,
	"business_day" date NOT NULL,
	"used" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_type" varchar(16) NOT NULL,
	"name" varchar(64) NOT NULL,
	"price" integer NOT NULL,
	"welth" integer DEFAULT 0 NOT NULL,
	"reward_welth" integer DEFAULT 0 NOT NULL,
	"reward_welth_coupon" integer DEFAULT 0 NOT NULL,
	"extra_reward_coupon" integer DEFAULT 0 NOT NULL,
	"extra_reward_coupon_valid_days" integer DEFAULT 7 NOT NULL,
	"valid_days" integer DEFAULT 0 NOT NULL,
	"extra_drama_days" integer DEFAULT 0 NOT NULL,
	"daily_quota" integer,
	"novel_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"member_id" integer,
	"act_name" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"title" varchar(64) NOT NULL,
	"popup_bg_image" text,
	"popup_button_image" text,
	"line1_text_color" varchar(16),
	"line2_text_color" varchar(16),
	"line3_text_color" varchar(16),
	"valid_days_text_color" varchar(16),
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"order_id" integer,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "voucher_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tx_id" integer NOT NULL,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_lots_remaining_ck" CHECK ("voucher_lots"."remaining" >= 0 and "voucher_lots"."remaining" <= "voucher_lots"."amount")
);
--> statement-breakpoint
CREATE TABLE "wallet_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"system_name" varchar(32),
	"currency" varchar(16) NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "wallet_accounts_owner_ck" CHECK (("wallet_accounts"."member_id" is null) <> ("wallet_accounts"."system_name" is null)),
	CONSTRAINT "wallet_accounts_member_nonneg_ck" CHECK ("wallet_accounts"."member_id" is null or "wallet_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "comment_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"comment_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"action" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"novel_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"chapter_id" integer,
	"parent_id" integer,
	"type" smallint DEFAULT 1 NOT NULL,
	"content" text NOT NULL,
	"is_long_comment" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'published' NOT NULL,
	"reject_reason" text,
	"reward_amount" integer,
	"reward_claimed_at" timestamp with time zone,
	"likes" integer DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(32) NOT NULL,
	"thumb" text NOT NULL,
	"wealth" integer NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"language_type" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"target_type" varchar(16) NOT NULL,
	"target_id" integer,
	"reason" varchar(32) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"contact" varchar(64),
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" serial PRIMARY KEY NOT NULL,
	"novel_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"gift_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"wealth_total" integer NOT NULL,
	"chapter_id" integer,
	"scene" varchar(32),
	"tx_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vote_tickets" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" serial PRIMARY KEY NOT NULL,
	"competition_id" integer NOT NULL,
	"novel_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkins" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"business_day" date NOT NULL,
	"streak_day" smallint NOT NULL,
	"reward_type" varchar(16) NOT NULL,
	"amount" integer NOT NULL,
	"tx_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_chances" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"source" varchar(32) NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_progress" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"mission_id" integer NOT NULL,
	"period_key" varchar(16) NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"bonus_claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" serial PRIMARY KEY NOT NULL,
	"action_id" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"period" varchar(8) NOT NULL,
	"target" integer DEFAULT 1 NOT NULL,
	"reward_type" varchar(16) NOT NULL,
	"reward_amount" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prize_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"prize_id" integer NOT NULL,
	"reward_type" varchar(16) NOT NULL,
	"reward" integer NOT NULL,
	"tx_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"reward_type" varchar(16) NOT NULL,
	"reward" integer NOT NULL,
	"weight" integer NOT NULL,
	"image" text
);
--> statement-breakpoint
CREATE TABLE "ad_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ad_id" integer NOT NULL,
	"member_id" integer,
	"kind" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_type" smallint DEFAULT 1 NOT NULL,
	"position" varchar(16) NOT NULL,
	"title" varchar(64) NOT NULL,
	"image" text NOT NULL,
	"link" text NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audio_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"chapter_id" integer NOT NULL,
	"voice" varchar(32) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"storage_key" text,
	"duration_ms" integer,
	"segment_count" integer,
	"time_track" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "config_flags" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "error_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"headers" jsonb,
	"method" varchar(10),
	"params" jsonb,
	"data" jsonb,
	"url" text,
	"response" jsonb,
	"uid" integer,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "page_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"visitor_id" varchar(64),
	"member_id" integer,
	"path" text NOT NULL,
	"referrer" text,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oauth_identities" ADD CONSTRAINT "oauth_identities_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_novel_id_novels_id_fk" FOREIGN KEY ("novel_id") REFERENCES "public"."novels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "novel_tags" ADD CONSTRAINT "novel_tags_novel_id_novels_id_fk" FOREIGN KEY ("novel_id") REFERENCES "public"."novels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "novel_tags" ADD CONSTRAINT "novel_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "novels" ADD CONSTRAINT "novels_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "novels" ADD CONSTRAINT "novels_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_list_items" ADD CONSTRAINT "book_list_items_book_list_id_book_lists_id_fk" FOREIGN KEY ("book_list_id") REFERENCES "public"."book_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_list_items" ADD CONSTRAINT "book_list_items_novel_id_novels_id_fk" FOREIGN KEY ("novel_id") REFERENCES "public"."novels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_items" ADD CONSTRAINT "list_items_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_items" ADD CONSTRAINT "list_items_novel_id_novels_id_fk" FOREIGN KEY ("novel_id") REFERENCES "public"."novels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_items" ADD CONSTRAINT "ranking_items_ranking_id_rankings_id_fk" FOREIGN KEY ("ranking_id") REFERENCES "public"."rankings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_items" ADD CONSTRAINT "ranking_items_novel_id_novels_id_fk" FOREIGN KEY ("novel_id") REFERENCES "public"."novels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_list_items" ADD CONSTRAINT "rich_list_items_rich_list_id_rich_lists_id_fk" FOREIGN KEY ("rich_list_id") REFERENCES "public"."rich_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_list_items" ADD CONSTRAINT "rich_list_items_novel_id_novels_id_fk" FOREIGN KEY ("novel_id") REFERENCES "public"."novels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_layout_blocks" ADD CONSTRAINT "web_layout_blocks_page_id_web_layout_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."web_layout_pages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_layout_blocks" ADD CONSTRAINT "web_layout_blocks_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_layout_blocks" ADD CONSTRAINT "web_layout_blocks_rich_list_id_rich_lists_id_fk" FOREIGN KEY ("rich_list_id") REFERENCES "public"."rich_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_buy_settings" ADD CONSTRAINT "auto_buy_settings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_buy_settings" ADD CONSTRAINT "auto_buy_settings_novel_id_novels_id_fk" FOREIGN KEY ("novel_id") REFERENCES "public"."novels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_novel_id_novels_id_fk" FOREIGN KEY ("novel_id") REFERENCES "public"."novels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "read_logs" ADD CONSTRAINT "read_logs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "read_logs" ADD CONSTRAINT "read_logs_novel_id_novels_id_fk" FOREIGN KEY ("novel_id") REFERENCES "public"."novels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "read_logs" ADD CONSTRAINT "read_logs_article_id_chapters_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_entitlements" ADD CONSTRAINT "book_entitlements_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_entitlements" ADD CONSTRAINT "book_entitlements_novel_id_novels_id_fk" FOREIGN KEY ("novel_id") REFERENCES "public"."novels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_unlocks" ADD CONSTRAINT "chapter_unlocks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_unlocks" ADD CONSTRAINT "chapter_unlocks_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_unlocks" ADD CONSTRAINT "chapter_unlocks_novel_id_novels_id_fk" FOREIGN KEY ("novel_id") REFERENCES "public"."novels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_wallet_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_quota_days" ADD CONSTRAINT "product_quota_days_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_novel_id_novels_id_fk" FOREIGN KEY ("novel_id") REFERENCES "public"."novels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_events" ADD CONSTRAINT "promotion_events_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_periods" ADD CONSTRAINT "vip_periods_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_lots" ADD CONSTRAINT "voucher_lots_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_lots" ADD CONSTRAINT "voucher_lots_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_actions" ADD CONSTRAINT "comment_actions_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_actions" ADD CONSTRAINT "comment_actions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_novel_id_novels_id_fk" FOREIGN KEY ("novel_id") REFERENCES "public"."novels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_novel_id_novels_id_fk" FOREIGN KEY ("novel_id") REFERENCES "public"."novels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_tickets" ADD CONSTRAINT "vote_tickets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_novel_id_novels_id_fk" FOREIGN KEY ("novel_id") REFERENCES "public"."novels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_chances" ADD CONSTRAINT "lottery_chances_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_progress" ADD CONSTRAINT "mission_progress_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_progress" ADD CONSTRAINT "mission_progress_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_records" ADD CONSTRAINT "prize_records_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_records" ADD CONSTRAINT "prize_records_prize_id_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_events" ADD CONSTRAINT "ad_events_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_assets" ADD CONSTRAINT "audio_assets_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_uq" ON "idempotency_keys" USING btree ("actor","route","sig");--> statement-breakpoint
CREATE INDEX "idempotency_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_phone_uq" ON "members" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "members_device_guest_uq" ON "members" USING btree ("device_id") WHERE "members"."is_guest";--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_provider_subject_uq" ON "oauth_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_member_idx" ON "sessions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_idx" ON "sms_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_ip_idx" ON "sms_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chapters_novel_idx_uq" ON "chapters" USING btree ("novel_id","idx");--> statement-breakpoint
CREATE INDEX "novel_tags_tag_idx" ON "novel_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "novels_category_idx" ON "novels" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "novels_author_idx" ON "novels" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "novels_lang_pop_idx" ON "novels" USING btree ("language_type","popularity");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_uq" ON "tags" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "hot_words_word_lang_uq" ON "hot_words" USING btree ("word","language_type");--> statement-breakpoint
CREATE INDEX "list_items_pos_idx" ON "list_items" USING btree ("list_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "lists_slug_lang_uq" ON "lists" USING btree ("slug","language_type");--> statement-breakpoint
CREATE INDEX "ranking_items_rank_idx" ON "ranking_items" USING btree ("ranking_id","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "rankings_slug_uq" ON "rankings" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "rich_list_items_pos_idx" ON "rich_list_items" USING btree ("rich_list_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "rich_lists_slug_lang_uq" ON "rich_lists" USING btree ("slug","language_type","read_type");--> statement-breakpoint
CREATE INDEX "search_logs_created_idx" ON "search_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "web_layout_blocks_page_idx" ON "web_layout_blocks" USING btree ("page_id","language_type","position");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_buy_member_novel_uq" ON "auto_buy_settings" USING btree ("member_id","novel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_member_novel_type_uq" ON "favorites" USING btree ("member_id","novel_id","read_type");--> statement-breakpoint
CREATE UNIQUE INDEX "read_logs_member_novel_type_uq" ON "read_logs" USING btree ("member_id","novel_id","read_type");--> statement-breakpoint
CREATE INDEX "read_logs_member_read_at_idx" ON "read_logs" USING btree ("member_id","read_at");--> statement-breakpoint
CREATE UNIQUE INDEX "book_entitlements_member_novel_uq" ON "book_entitlements" USING btree ("member_id","novel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chapter_unlocks_member_chapter_uq" ON "chapter_unlocks" USING btree ("member_id","chapter_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_tx_idx" ON "ledger_entries" USING btree ("tx_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_tx_idem_uq" ON "ledger_transactions" USING btree ("kind","idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_tx_member_idx" ON "ledger_transactions" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "member_coupons_member_idx" ON "member_coupons" USING btree ("member_id","expires_at");--> statement-breakpoint
CREATE INDEX "orders_member_idx" ON "orders" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_ref_uq" ON "orders" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notifications_uq" ON "payment_notifications" USING btree ("provider","notification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_quota_day_uq" ON "product_quota_days" USING btree ("product_id","business_day");--> statement-breakpoint
CREATE INDEX "vip_periods_member_idx" ON "vip_periods" USING btree ("member_id","kind","ends_at");--> statement-breakpoint
CREATE INDEX "voucher_lots_member_exp_idx" ON "voucher_lots" USING btree ("member_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_member_uq" ON "wallet_accounts" USING btree ("member_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_system_uq" ON "wallet_accounts" USING btree ("system_name","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "comment_actions_uq" ON "comment_actions" USING btree ("comment_id","member_id","action");--> statement-breakpoint
CREATE INDEX "comments_novel_idx" ON "comments" USING btree ("novel_id","type","created_at");--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "tips_novel_idx" ON "tips" USING btree ("novel_id","created_at");--> statement-breakpoint
CREATE INDEX "tips_member_idx" ON "tips" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "votes_novel_idx" ON "votes" USING btree ("competition_id","novel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkins_member_day_uq" ON "checkins" USING btree ("member_id","business_day");--> statement-breakpoint
CREATE INDEX "lottery_chances_member_idx" ON "lottery_chances" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mission_progress_uq" ON "mission_progress" USING btree ("member_id","mission_id","period_key");--> statement-breakpoint
CREATE UNIQUE INDEX "missions_action_uq" ON "missions" USING btree ("action_id");--> statement-breakpoint
CREATE INDEX "prize_records_member_idx" ON "prize_records" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "audio_assets_chapter_voice_uq" ON "audio_assets" USING btree ("chapter_id","voice");--> statement-breakpoint
CREATE INDEX "error_logs_created_idx" ON "error_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "page_views_created_idx" ON "page_views" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "page_views_path_idx" ON "page_views" USING btree ("path");