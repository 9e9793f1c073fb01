import type { ContentBlock } from '~/db/schema/content.ts';

/** Renders stored page content as text (never as HTML). */
export function ContentBlocks({ blocks }: { blocks: ContentBlock[] }) {
  return (
    <div className="space-y-4 leading-relaxed text-slate-700">
      {blocks.map((b, i) =>
        b.type === 'h2' ? (
          <h2 key={i} className="pt-4 text-xl font-bold text-slate-900">
            {b.text}
          </h2>
        ) : b.type === 'p' ? (
          <p key={i}>{b.text}</p>
        ) : (
          <ul key={i} className="list-disc space-y-1 pl-6 marker:text-primary-600">
            {b.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
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
