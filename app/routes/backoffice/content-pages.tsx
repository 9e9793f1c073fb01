import { Link } from 'react-router';
import { type Column, DataList } from '~/components/backoffice/data-list.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { contentTexts } from '~/i18n/nl/backoffice-content.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { listPagesForStaff } from '~/modules/content/content-admin.server.ts';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/content-pages.ts';
import { ContentHeader } from '~/modules/content/components/content-header.tsx';

const t = contentTexts.pages;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'content.manage');
  return { pages: await listPagesForStaff(context.db) };
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

const columns: Column<Route.ComponentProps['loaderData']['pages'][number]>[] = [
  {
    label: t.columns.title,
    cell: (p) => (
      <Link to={`/beheer/inhoud/paginas/${p.slug}`} className="font-medium text-primary-800 hover:underline">
        {p.title}
      </Link>
    ),
  },
  { label: t.columns.path, className: 'font-mono text-xs', cell: (p) => `/${p.slug}` },
  { label: t.columns.updated, className: 'whitespace-nowrap', cell: (p) => `${longDate(p.updatedAt)} ${clockTime(p.updatedAt)}` },
];

export default function BackofficeContentPages({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <ContentHeader title={t.title} intro={t.intro} current="pages" />
      <DataList label={t.title} testId="pages-table" rows={d.pages} rowKey={(p) => p.slug} columns={columns} empty={null} />
    </>
  );
}
