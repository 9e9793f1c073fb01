import type { ComponentProps, ReactNode } from 'react';
import { ContentTabs } from '~/modules/content/components/content-admin-parts.tsx';
import { Alert } from '~/components/backoffice/parts.tsx';
import { PageHeader } from '~/components/backoffice/parts.tsx';

/** The top of every content page: its title, the tabs between the content pages, and what the last save did. */
export function ContentHeader({ title, intro, current, done, children }: { title: string; intro?: string; current: ComponentProps<typeof ContentTabs>['current']; done?: string; children?: ReactNode }) {
  return (
    <>
      <PageHeader title={title} intro={intro}>
        {children}
      </PageHeader>
      <ContentTabs current={current} />
      {done ? <Alert tone="success">{done}</Alert> : null}
    </>
  );
}
