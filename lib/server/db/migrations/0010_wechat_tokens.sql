CREATE TABLE "wechat_tokens" (
	"kind" varchar(16) PRIMARY KEY NOT NULL,
	"app_id" varchar(64) DEFAULT '' NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
