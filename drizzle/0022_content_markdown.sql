-- Static pages become Markdown (the blog's subset, ADR 036), so staff edit them with the same editor and renderer
-- as blog posts. The stored blocks are turned into the same text: h2 -> "## ", ul -> "- " lines, p -> a paragraph;
-- characters Markdown would read as formatting are escaped so the pages read exactly as before.
ALTER TABLE "content_pages" ADD COLUMN "body" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "content_pages" SET "body" = coalesce((
  SELECT string_agg(
    CASE b->>'type'
      WHEN 'h2' THEN '## ' || regexp_replace(b->>'text', '([\\`*_\[\]])', '\\\1', 'g')
      WHEN 'ul' THEN (SELECT string_agg('- ' || regexp_replace(i, '([\\`*_\[\]])', '\\\1', 'g'), E'\n' ORDER BY n)
                      FROM jsonb_array_elements_text(b->'items') WITH ORDINALITY AS li(i, n))
      ELSE regexp_replace(b->>'text', '([\\`*_\[\]])', '\\\1', 'g')
    END, E'\n\n' ORDER BY o)
  FROM jsonb_array_elements("blocks") WITH ORDINALITY AS x(b, o)), '');--> statement-breakpoint
ALTER TABLE "content_pages" ALTER COLUMN "body" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "content_pages" DROP COLUMN "blocks";
