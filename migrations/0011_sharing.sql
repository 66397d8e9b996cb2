ALTER TABLE "hot"."chat" ADD COLUMN "sharedUpTo" bigint;--> statement-breakpoint
ALTER TABLE "hot"."chat" ADD COLUMN "sharedIndexable" boolean DEFAULT false NOT NULL;