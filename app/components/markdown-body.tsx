import { Link } from 'react-router';
import type { Block, Inline } from '~/lib/markdown.ts';

/** Inline Markdown as React elements: text is escaped by React; link targets were checked by safeHref(). */
function InlineNodes({ nodes }: { nodes: Inline[] }) {
  return nodes.map((n, i) => {
    if (n.type === 'text') return n.text;
    if (n.type === 'strong')
      return (
        <strong key={i} className="font-semibold text-slate-900">
          <InlineNodes nodes={n.children} />
        </strong>
      );
    if (n.type === 'em')
      return (
        <em key={i}>
          <InlineNodes nodes={n.children} />
        </em>
      );
    const className = 'font-medium text-primary-800 underline decoration-primary-300 underline-offset-2 hover:decoration-primary-700';
    if (n.external)
      return (
        <a key={i} href={n.href} rel="noopener noreferrer" className={className}>
          <InlineNodes nodes={n.children} />
        </a>
      );
    if (n.href.startsWith('#'))
      return (
        <a key={i} href={n.href} className={className}>
          <InlineNodes nodes={n.children} />
        </a>
      );
    return (
      <Link key={i} to={n.href} className={className}>
        <InlineNodes nodes={n.children} />
      </Link>
    );
  });
}

function BlockNode({ block }: { block: Block }) {
  switch (block.type) {
    case 'heading':
      return block.level === 2 ? (
        <h2 id={block.id} className="scroll-mt-32 pt-6 text-2xl font-bold tracking-tight text-slate-900">
          <InlineNodes nodes={block.children} />
        </h2>
      ) : (
        <h3 id={block.id} className="scroll-mt-32 pt-2 text-lg font-semibold text-slate-900">
          <InlineNodes nodes={block.children} />
        </h3>
      );
    case 'paragraph':
      return (
        <p>
          <InlineNodes nodes={block.children} />
        </p>
      );
    case 'list': {
      const items = block.items.map((item, i) => (
        <li key={i} className="pl-1">
          <InlineNodes nodes={item} />
        </li>
      ));
      return block.ordered ? (
        <ol className="list-decimal space-y-2 pl-6 marker:font-semibold marker:text-primary-700">{items}</ol>
      ) : (
        <ul className="list-disc space-y-2 pl-6 marker:text-primary-600">{items}</ul>
      );
    }
    case 'blockquote':
      return (
        <blockquote className="space-y-3 rounded-r-2xl border-l-4 border-primary-600 bg-primary-50 px-5 py-4 text-lg font-medium text-primary-950">
          {block.children.map((b, i) => (
            <BlockNode key={i} block={b} />
          ))}
        </blockquote>
      );
  }
}

/** A post body from its parsed Markdown (app/modules/blog/markdown.ts); never raw HTML. */
export function MarkdownBody({ blocks }: { blocks: Block[] }) {
  return (
    <div className="space-y-5 text-[1.0625rem] leading-8 text-slate-700" data-testid="post-body">
      {blocks.map((b, i) => (
        <BlockNode key={i} block={b} />
      ))}
    </div>
  );
}
