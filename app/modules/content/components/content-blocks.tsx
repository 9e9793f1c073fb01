import type { Block } from '~/lib/markdown.ts';
import { MarkdownBody } from '~/components/markdown-body.tsx';

/** A static page's body: its Markdown parsed on the server, rendered like a blog post (never as HTML). */
export function ContentBlocks({ blocks }: { blocks: Block[] }) {
  return <MarkdownBody blocks={blocks} />;
}

export function PageHeader({ title, intro }: { title: string; intro?: string }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="container-page py-10">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {intro ? <p className="mt-3 max-w-2xl text-lg text-slate-600">{intro}</p> : null}
      </div>
    </header>
  );
}
