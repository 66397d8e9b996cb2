CREATE TABLE "hot"."password_reset" (
	"userId" bigint PRIMARY KEY NOT NULL,
	"codeHash" varchar(64) NOT NULL,
	"expiresAt" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sentAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hot"."password_reset" ADD CONSTRAINT "password_reset_userId_user_id_fk" FOREIGN KEY ("userId") REFERENCES "hot"."user"("id") ON DELETE cascade ON UPDATE no action;