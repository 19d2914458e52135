ALTER TABLE "members_invoices" ADD COLUMN "invoice_kind" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "members_invoices" ADD COLUMN "reg_address" text;--> statement-breakpoint
ALTER TABLE "members_invoices" ADD COLUMN "reg_phone" text;--> statement-breakpoint
ALTER TABLE "members_invoices" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "members_invoices" ADD COLUMN "bank_account" text;