-- pgvector must exist before the embedding table; drizzle-kit never emits CREATE EXTENSION itself.
CREATE EXTENSION IF NOT EXISTS vector;
