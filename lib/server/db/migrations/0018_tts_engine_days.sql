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
