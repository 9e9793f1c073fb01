import { Breadcrumbs } from '~/components/ui/breadcrumbs.tsx';
import { nl } from '~/i18n/nl.ts';
import { authorsText, blog } from '~/i18n/nl/blog.ts';
import { listAuthors } from '~/modules/blog/blog.server.ts';
import { AuthorCard } from '~/modules/blog/components/author-card.tsx';
import { canonicalLink } from '~/lib/seo.ts';
import type { Route } from './+types/authors.ts';

export async function loader({ context }: Route.LoaderArgs) {
  return { authors: await listAuthors(context.db) };
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => [
  { title: `${authorsText.metaTitle} | Kiemkracht` },
  { name: 'description', content: authorsText.intro },
  ...(d ? [canonicalLink(matches, '/auteurs')] : []),
];

export default function Authors({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="container-page py-8 sm:py-10">
          <Breadcrumbs label={blog.breadcrumb} items={[{ label: nl.nav.home, to: '/' }, { label: authorsText.title }]} />
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{authorsText.title}</h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-600">{authorsText.intro}</p>
        </div>
      </header>
      <div className="container-page py-8 sm:py-10">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {d.authors.map((a) => (
            <li key={a.slug}>
              <AuthorCard author={a} postCount={a.postCount} />
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
