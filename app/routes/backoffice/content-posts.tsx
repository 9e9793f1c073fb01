import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { contentTexts } from '~/i18n/nl/backoffice-content.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { listPostsForStaff } from '~/modules/blog/blog-admin.server.ts';
import type { PostState } from '~/modules/blog/blog-admin.ts';
import { ContentTabs } from '~/modules/content/components/content-admin-parts.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, PageHeader, Panel, scrollArea, smallButton, table } from '~/modules/staff/components/backoffice-shell.tsx';
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

export default function BackofficeContentPosts({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={contentTexts.tabs.posts} intro={t.intro}>
        <Link to="/beheer/inhoud/blog/nieuw" className={smallButton.primary}>
          <Plus className="h-4 w-4" aria-hidden /> {t.add}
        </Link>
      </PageHeader>
      <ContentTabs current="posts" />
      <Panel>
        <div className="border-b border-slate-200 px-4 py-2 text-sm text-slate-600" data-testid="posts-count">
          {t.count(d.posts.length)}
        </div>
        {d.posts.length === 0 ? (
          <p className="p-4 text-sm text-slate-600">{t.empty}</p>
        ) : (
          <div className={table.wrap} {...scrollArea(t.title)}>
            <table className={table.table}>
              <thead>
                <tr>
                  <th scope="col" className={table.th}>{t.columns.title}</th>
                  <th scope="col" className={table.th}>{t.columns.status}</th>
                  <th scope="col" className={table.th}>{t.columns.date}</th>
                  <th scope="col" className={table.th}>{t.columns.author}</th>
                  <th scope="col" className={table.th}>{t.columns.category}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {d.posts.map((p) => (
                  <tr key={p.id} data-testid="post-row">
                    <td className={`${table.td} max-w-md`}>
                      <Link to={`/beheer/inhoud/blog/${p.id}`} className="font-medium text-primary-800 hover:underline">
                        {p.title}
                      </Link>
                      <p className="truncate text-xs text-slate-500">/blog/{p.slug}</p>
                    </td>
                    <td className={table.td}>
                      <Badge tone={TONES[p.state]}>{t.statuses[p.state]}</Badge>
                    </td>
                    <td className={`${table.td} whitespace-nowrap`}>{p.publishedAt ? when(p.publishedAt) : '—'}</td>
                    <td className={`${table.td} whitespace-nowrap`}>{p.author}</td>
                    <td className={`${table.td} whitespace-nowrap`}>{p.category}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </>
  );
}
