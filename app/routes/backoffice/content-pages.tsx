import { Link } from 'react-router';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { contentTexts } from '~/i18n/nl/backoffice-content.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { ContentTabs } from '~/modules/content/components/content-admin-parts.tsx';
import { listPagesForStaff } from '~/modules/content/content-admin.server.ts';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { PageHeader, Panel, scrollArea, table } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/content-pages.ts';

const t = contentTexts.pages;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'content.manage');
  return { pages: await listPagesForStaff(context.db) };
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

export default function BackofficeContentPages({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={t.title} intro={t.intro} />
      <ContentTabs current="pages" />
      <Panel>
        <div className={table.wrap} {...scrollArea(t.title)}>
          <table className={table.table}>
            <thead>
              <tr>
                <th scope="col" className={table.th}>{t.columns.title}</th>
                <th scope="col" className={table.th}>{t.columns.path}</th>
                <th scope="col" className={table.th}>{t.columns.updated}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {d.pages.map((p) => (
                <tr key={p.slug}>
                  <td className={table.td}>
                    <Link to={`/beheer/inhoud/paginas/${p.slug}`} className="font-medium text-primary-800 hover:underline">
                      {p.title}
                    </Link>
                  </td>
                  <td className={`${table.td} font-mono text-xs`}>/{p.slug}</td>
                  <td className={`${table.td} whitespace-nowrap`}>{`${longDate(p.updatedAt)} ${clockTime(p.updatedAt)}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Panel>
    </>
  );
}
