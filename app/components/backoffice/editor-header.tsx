import { ArrowLeft } from 'lucide-react';
import { Form, Link } from 'react-router';
import { Alert } from './parts.tsx';
import { smallButton } from './styles.ts';
import { PageHeader } from './parts.tsx';

/**
 * The head of a coupon's or promotion's page: the way back, the title, the switch that turns it on or off
 * (a plain post with its intent) and what the last save said.
 */
export function EditorHeader({
  back,
  title,
  intro,
  active,
  toggle,
  busy,
  notices,
}: {
  back: { to: string; label: string };
  title: string;
  intro?: string;
  /** null for a new one: nothing to switch yet. */
  active: boolean | null;
  toggle: { enable: string; disable: string };
  busy: boolean;
  notices: { success?: string | null | false; warning?: string | null | false }[];
}) {
  return (
    <>
      <Link to={back.to} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary-800 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {back.label}
      </Link>
      <PageHeader title={title} intro={intro}>
        {active !== null ? (
          <Form method="post">
            <button type="submit" name="intent" value={active ? 'disable' : 'enable'} className={active ? smallButton.danger : smallButton.secondary} disabled={busy}>
              {active ? toggle.disable : toggle.enable}
            </button>
          </Form>
        ) : null}
      </PageHeader>
      {notices.map((n, i) => (n.success ? <Alert key={i} tone="success">{n.success}</Alert> : n.warning ? <Alert key={i}>{n.warning}</Alert> : null))}
    </>
  );
}
