CREATE TABLE "payment_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" varchar(32) NOT NULL,
	"provider_ref" varchar(96) NOT NULL,
	"amount" integer NOT NULL,
	"reason" varchar(32) NOT NULL,
	"order_status" varchar(16) NOT NULL,
	"refund_status" varchar(16) DEFAULT 'due' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quota_day" date;--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD CONSTRAINT "payment_exceptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_exceptions_order_uq" ON "payment_exceptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_exceptions_refund_idx" ON "payment_exceptions" USING btree ("refund_status","id");--> statement-breakpoint
-- Existing orders: a pending or paid order of a limited product holds a slot of the quota day it was created on
-- (the day starts at 21:00 Asia/Shanghai, lib/server/wallet/quota.ts); an order that ended unpaid closed by its expiry at the latest.
UPDATE "orders" SET "quota_day" = (("orders"."created_at" AT TIME ZONE 'Asia/Shanghai') + interval '3 hours')::date
  FROM "products" WHERE "products"."id" = "orders"."product_id" AND "products"."daily_quota" IS NOT NULL AND "orders"."status" IN ('pending', 'paid');--> statement-breakpoint
UPDATE "orders" SET "closed_at" = "expires_at" WHERE "status" IN ('cancelled', 'expired');
