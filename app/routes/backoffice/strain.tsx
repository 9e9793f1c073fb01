import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { StrainForm } from '~/modules/catalog/components/strain-form.tsx';
import { PhotoPanel, type StrainReply } from '~/modules/images/components/strain-photo-panel.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { catalogueAdmin as t } from '~/i18n/nl/backoffice-catalogue.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, PageHeader, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import type { Route } from './+types/strain.ts';
import { strainAction, strainLoader } from './strain.server.ts';

export const loader = (args: Route.LoaderArgs) => strainLoader(args);
export const action = (args: Route.ActionArgs) => strainAction(args);

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.name ?? t.newTitle} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

export default function BackofficeStrain({ loaderData: d, actionData: reply }: Route.ComponentProps) {
  const actionData = reply as StrainReply | undefined;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/beheer/catalogus" className="font-medium text-primary-800 hover:underline">
          ← {t.back}
        </Link>
      </p>
      <PageHeader title={d.name ?? t.newTitle} intro={d.id === null ? t.newIntro : t.editIntro}>
        {d.status ? (
          <div className="flex items-center gap-2">
            <Badge tone={d.status === 'published' ? 'green' : 'amber'}>{t.statuses[d.status]}</Badge>
            {d.status === 'published' && d.slug ? (
              <a href={`/product/${d.slug}`} className={smallButton.secondary} target="_blank" rel="noreferrer">
                <ExternalLink className="h-4 w-4" aria-hidden /> {t.viewInShop}
              </a>
            ) : null}
          </div>
        ) : null}
      </PageHeader>
      {d.done && !actionData ? (
        <div className="mb-4">
          <Alert tone="success">{d.done}</Alert>
        </div>
      ) : null}
      <div className="space-y-4">
        {d.id !== null && d.slug ? <PhotoPanel key={d.image?.version ?? 'none'} id={d.id} image={d.image} published={d.status === 'published'} slug={d.slug} answer={actionData} /> : null}
        {/* A saved revision starts the form afresh from what is stored. */}
        <StrainForm key={'revision' in d.values ? d.values.revision : 'new'} d={d} answer={actionData?.intent === 'save' ? actionData.result : undefined} />
      </div>
    </>
  );
}
