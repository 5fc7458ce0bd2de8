CREATE TABLE "ledger_audit_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"staff_id" integer,
	"violations" integer NOT NULL,
	"sample" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"staff_id" integer,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"override" boolean DEFAULT false NOT NULL,
	"reversed" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tx_id" integer,
	"provider_refund_ref" varchar(96),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_audit_runs_created_idx" ON "ledger_audit_runs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_order_uq" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_refunds_member_idx" ON "order_refunds" USING btree ("member_id");