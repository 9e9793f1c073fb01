import { data } from 'react-router';
import { ContentBlocks, PageHeader } from '~/modules/content/components/content-blocks.tsx';
import { getContentPage } from '~/modules/content/content.server.ts';
import type { Route } from './+types/page.ts';

// One module for the policy and about pages; the path is the page's slug.
export async function loader({ request, context }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.slice(1);
  const page = await getContentPage(context.db, slug);
  if (!page) throw data(null, { status: 404 });
  return { title: page.title, description: page.description, blocks: page.blocks };
}

export const meta: Route.MetaFunction = ({ data: page }) =>
  page ? [{ title: `${page.title} | Kiemkracht` }, { name: 'description', content: page.description }] : [];

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return (
    <article>
      <PageHeader title={loaderData.title} intro={loaderData.description} />
      <div className="container-page max-w-3xl py-10">
        <ContentBlocks blocks={loaderData.blocks} />
      </div>
    </article>
  );
}
