CREATE TABLE "tts_engine_days" (
	"engine" varchar(32) NOT NULL,
	"day" date NOT NULL,
	"chars" bigint DEFAULT 0 NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"fallbacks" integer DEFAULT 0 NOT NULL,
	"audio_ms" bigint DEFAULT 0 NOT NULL,
	"synth_ms" bigint DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tts_engine_days_engine_day_pk" PRIMARY KEY("engine","day")
);
--> statement-breakpoint
CREATE TABLE "tts_fallback_chapters" (
	"key" varchar(160) PRIMARY KEY NOT NULL,
	"chapter_id" integer NOT NULL,
	"engine" varchar(32) NOT NULL,
	"fallbacks" integer NOT NULL,
	"paragraphs" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tts_fallback_chapters" ADD CONSTRAINT "tts_fallback_chapters_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tts_fallback_chapters_at_idx" ON "tts_fallback_chapters" USING btree ("at");