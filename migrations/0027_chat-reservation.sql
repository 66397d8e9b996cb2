CREATE TABLE "hot"."chat_reservation" (
	"userId" bigint PRIMARY KEY NOT NULL,
	"chatId" bigint NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hot"."chat_reservation" ADD CONSTRAINT "chat_reservation_userId_user_id_fk" FOREIGN KEY ("userId") REFERENCES "hot"."user"("id") ON DELETE cascade ON UPDATE no action;