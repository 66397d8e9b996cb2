CREATE TABLE "hot"."billing_event" (
	"id" varchar(255) PRIMARY KEY NOT NULL,
	"type" varchar(100) NOT NULL,
	"createdAt" timestamp with time zone NOT NULL,
	"processedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hot"."subscription" ADD COLUMN "status" varchar(30);--> statement-breakpoint
ALTER TABLE "hot"."subscription" ADD COLUMN "cancelAtPeriodEnd" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hot"."subscription" ADD COLUMN "updatedAt" timestamp with time zone DEFAULT now() NOT NULL;