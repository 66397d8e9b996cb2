CREATE TABLE "hot"."known_device" (
	"tokenHash" varchar(64) NOT NULL,
	"userId" bigint NOT NULL,
	"signedInAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_device_tokenHash_userId_pk" PRIMARY KEY("tokenHash","userId")
);
--> statement-breakpoint
DROP INDEX "hot"."user_email_unique";--> statement-breakpoint
ALTER TABLE "hot"."known_device" ADD CONSTRAINT "known_device_userId_user_id_fk" FOREIGN KEY ("userId") REFERENCES "hot"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_device_user_idx" ON "hot"."known_device" USING btree ("userId");--> statement-breakpoint
CREATE UNIQUE INDEX "user_email_verified_unique" ON "hot"."user" USING btree ("email") WHERE "hot"."user"."verified";--> statement-breakpoint
CREATE UNIQUE INDEX "user_email_unverified_unique" ON "hot"."user" USING btree ("email") WHERE not "hot"."user"."verified";