import { ChevronDown } from 'lucide-react';
import { nl } from '~/i18n/nl.ts';
import { PageHeader } from '~/modules/content/components/content-blocks.tsx';
import { getFaq } from '~/modules/content/content.server.ts';
import type { Route } from './+types/faq.ts';

export async function loader({ context }: Route.LoaderArgs) {
  return { groups: await getFaq(context.db) };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${nl.pages.faq} | Kiemkracht` },
  { name: 'description', content: nl.pages.faqIntro },
  // FAQPage structured data helps search engines show the answers.
  {
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: (data?.groups ?? []).flatMap((g) =>
        g.items.map((i) => ({ '@type': 'Question', name: i.question, acceptedAnswer: { '@type': 'Answer', text: i.answer } })),
      ),
    },
  },
];

export default function Faq({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={nl.pages.faq} intro={nl.pages.faqIntro} />
      <div className="container-page max-w-3xl space-y-10 py-10">
        {loaderData.groups.map((g) => (
          <section key={g.category}>
            <h2 className="text-xl font-bold text-slate-900">{g.category}</h2>
            {/* Native <details>: opens without JavaScript and keeps answers in the HTML for search engines. */}
            <div className="mt-3 divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
              {g.items.map((item) => (
                <details key={item.id} id={`vraag-${item.id}`} className="group scroll-mt-24">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
                    {item.question}
                    <ChevronDown className="h-5 w-5 shrink-0 text-slate-500 transition group-open:rotate-180" aria-hidden />
                  </summary>
                  <p className="px-5 pb-4 text-slate-700">{item.answer}</p>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}
