ALTER TABLE "hot"."attachment" ADD COLUMN "userId" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "hot"."attachment" ADD CONSTRAINT "attachment_userId_user_id_fk" FOREIGN KEY ("userId") REFERENCES "hot"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachment_user_id_idx" ON "hot"."attachment" USING btree ("userId");--> statement-breakpoint
CREATE INDEX "attachment_orphan_created_idx" ON "hot"."attachment" USING btree ("createdAt") WHERE "hot"."attachment"."messageId" is null and "hot"."attachment"."assistantId" is null;