ALTER TABLE "orders" ADD COLUMN "product_terms" jsonb;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "active" boolean DEFAULT true NOT NULL;