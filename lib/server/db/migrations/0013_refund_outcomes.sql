ALTER TABLE "payment_exceptions" ADD COLUMN "provider_refund_ref" varchar(96);--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD COLUMN "provider_refund_status" varchar(16);--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD COLUMN "provider_refund_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "provider_refund_status" varchar(16);--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "provider_refund_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_refunds_provider_ref_idx" ON "order_refunds" USING btree ("provider_refund_ref");