CREATE TABLE "language_voices" (
	"language_type" smallint PRIMARY KEY NOT NULL,
	"voice_key" varchar(160) NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_voices" (
	"member_id" integer NOT NULL,
	"language_type" smallint NOT NULL,
	"voice_key" varchar(160) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_voices_member_id_language_type_pk" PRIMARY KEY("member_id","language_type")
);
--> statement-breakpoint
ALTER TABLE "audio_backlog" DROP CONSTRAINT "audio_backlog_pkey";--> statement-breakpoint
ALTER TABLE "audio_backlog" ADD COLUMN "voice_key" varchar(160) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audio_backlog" ADD CONSTRAINT "audio_backlog_chapter_id_voice_key_pk" PRIMARY KEY("chapter_id","voice_key");--> statement-breakpoint
ALTER TABLE "novels" ADD COLUMN "voice_key" varchar(160);--> statement-breakpoint
ALTER TABLE "language_voices" ADD CONSTRAINT "language_voices_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_voices" ADD CONSTRAINT "member_voices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;