CREATE TABLE "minors_modes" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"on" boolean DEFAULT false NOT NULL,
	"pin_hash" varchar(64),
	"daily_minutes" smallint,
	"fail_day" date,
	"fail_count" smallint DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_beat_at" timestamp with time zone,
	"turned_on_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "minors_usage_days" (
	"member_id" integer NOT NULL,
	"day" date NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "minors_usage_days_member_id_day_pk" PRIMARY KEY("member_id","day")
);
--> statement-breakpoint
ALTER TABLE "novels" ADD COLUMN "minors_suitable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "minors_modes" ADD CONSTRAINT "minors_modes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minors_usage_days" ADD CONSTRAINT "minors_usage_days_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;