-- hand-written, data only: assistants saved before the icon check (src/routes/assistants.ts) may hold an
-- `image` the editor never offered (free text sent to the API, an emoji written another way). They wear the
-- default icon instead (null: the bot), as if none had been chosen, so no screen shows an unknown string.
-- The list is ASSISTANT_ICONS of src/domain/assistants.ts as this was written, exactly as stored (the variation
-- selector of ✍️ and the joiner of 🧑‍💻 included); the API's read path drops any icon it no longer offers.
UPDATE "hot"."assistant" SET "image" = NULL
WHERE "image" IS NOT NULL AND "image" NOT IN ('🤖', '✍️', '💡', '📚', '🧑‍💻', '🎨', '🌍', '🔬', '📈', '🧭', '🍳', '🎓');
