-- drizzle-kit: an invitation whose invitee opened it and could not join (already in another team) says so to its
-- admin, and holds no seat, until a resend replaces it (src/db/team-join.ts).
ALTER TABLE "hot"."team_invitation" ADD COLUMN "declinedAt" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hot"."team_invitation" ADD COLUMN "declinedReason" varchar(30);