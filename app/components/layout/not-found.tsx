import { Link } from 'react-router';
import { CategoryIcon } from '~/components/layout/category-icon.tsx';
import { buttonClass } from '~/components/ui/button.ts';
import { nl } from '~/i18n/nl.ts';
import { useShop } from '~/components/shop-context.ts';


/** SPEC §2 not-found page; also the error screen (without internals). */
export function NotFound({ path, serverError = false, status, message }: { path: string; serverError?: boolean; status?: number; message?: string }) {
  const shop = useShop();
  const categories = shop?.categories ?? [];
  return (
    <section className="container-page py-16 text-center" data-testid="not-found">
      <p className="text-sm font-semibold tracking-wider text-primary-700 uppercase">{status ?? (serverError ? '500' : '404')}</p>
      <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{nl.notFound.heading}</h1>
      <p className="mt-3 text-lg text-slate-600">{message ?? (serverError ? nl.notFound.serverError : nl.notFound.subtitle)}</p>
      {serverError || message ? null : <p className="mt-1 text-xs text-slate-600">{nl.notFound.message(path)}</p>}
      {categories.length > 0 ? (
        <>
          <p className="mt-10 font-medium text-slate-800">{nl.notFound.browse}</p>
          <ul className="mx-auto mt-4 grid max-w-3xl grid-cols-2 gap-3 sm:grid-cols-4">
            {categories.map((c) => {
                return (
                <li key={c.url}>
                  <Link
                    to={c.url}
                    className="flex h-full flex-col items-center gap-2 rounded-2xl bg-white p-4 text-sm font-medium text-slate-800 ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:ring-primary-400"
                  >
                    <CategoryIcon name={c.icon} className="h-6 w-6 text-primary-700" />
                    {c.name}
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      <Link to="/" className={buttonClass('secondary', 'md', 'mt-10')}>
        {nl.notFound.home}
      </Link>
    </section>
  );
}
