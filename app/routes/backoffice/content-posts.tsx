import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { type Column, DataList } from '~/components/backoffice/data-list.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { contentTexts } from '~/i18n/nl/backoffice-content.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { listPostsForStaff } from '~/modules/blog/blog-admin.server.ts';
import type { PostState } from '~/modules/blog/blog-admin.ts';
import { ContentTabs } from '~/modules/content/components/content-admin-parts.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, PageHeader, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/content-posts.ts';

const t = contentTexts.posts;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'content.manage');
  return { posts: await listPostsForStaff(context.db) };
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

const TONES: Record<PostState, 'slate' | 'blue' | 'green'> = { draft: 'slate', scheduled: 'blue', published: 'green' };
const when = (d: Date | string) => `${longDate(d)} ${clockTime(d)}`;

const columns: Column<Route.ComponentProps['loaderData']['posts'][number]>[] = [
  {
    label: t.columns.title,
    className: 'max-w-md',
    cell: (p) => (
      <span className="block min-w-0">
        <Link to={`/beheer/inhoud/blog/${p.id}`} className="font-medium text-primary-800 hover:underline">
          {p.title}
        </Link>
        <span className="block truncate text-xs text-slate-500">/blog/{p.slug}</span>
      </span>
    ),
  },
  { label: t.columns.status, cell: (p) => <Badge tone={TONES[p.state]}>{t.statuses[p.state]}</Badge> },
  { label: t.columns.date, className: 'whitespace-nowrap', cell: (p) => (p.publishedAt ? when(p.publishedAt) : '—') },
  { label: t.columns.author, className: 'whitespace-nowrap', cell: (p) => p.author },
  { label: t.columns.category, className: 'whitespace-nowrap', cell: (p) => p.category },
];

export default function BackofficeContentPosts({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={contentTexts.tabs.posts} intro={t.intro}>
        <Link to="/beheer/inhoud/blog/nieuw" className={smallButton.primary}>
          <Plus className="h-4 w-4" aria-hidden /> {t.add}
        </Link>
      </PageHeader>
      <ContentTabs current="posts" />
      <DataList
        label={t.title}
        testId="posts-table"
        rows={d.posts}
        rowTestId="post-row"
        columns={columns}
        empty={t.empty}
        count={t.count(d.posts.length)}
      />
    </>
  );
}
