ALTER TABLE "hot"."embedding" ADD COLUMN "assistantId" bigint;--> statement-breakpoint
ALTER TABLE "hot"."embedding" ADD COLUMN "attachmentId" uuid;--> statement-breakpoint
ALTER TABLE "hot"."embedding" ADD CONSTRAINT "embedding_assistantId_assistant_id_fk" FOREIGN KEY ("assistantId") REFERENCES "hot"."assistant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hot"."embedding" ADD CONSTRAINT "embedding_attachmentId_attachment_id_fk" FOREIGN KEY ("attachmentId") REFERENCES "hot"."attachment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embedding_assistant_id_idx" ON "hot"."embedding" USING btree ("assistantId");--> statement-breakpoint
CREATE INDEX "embedding_attachment_id_idx" ON "hot"."embedding" USING btree ("attachmentId");