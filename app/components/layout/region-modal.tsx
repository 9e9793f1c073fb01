import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Form, Link, useLocation, useNavigate, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { nl } from '~/i18n/nl.ts';
import { REGION_PARAM } from './region-trigger.tsx';
import { useShop } from '~/components/shop-context.ts';

export function RegionModal() {
  const shop = useShop();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const params = new URLSearchParams(location.search);
  const open = params.has(REGION_PARAM);
  const [chosen, setChosen] = useState<string | null>(null);
  if (!shop || !open) return null;
  params.delete(REGION_PARAM);
  const back = location.pathname + (params.size ? `?${params}` : '');
  const regionCode = chosen ?? shop.region.code;
  const europe = shop.regions.find((r) => r.code === regionCode && r.countries.length > 0);
  const close = () => navigate(back, { replace: true, preventScrollReset: true });

  return (
    <Dialog.Root open onOpenChange={(o) => !o && close()}>
      <Dialog.Overlay className="animate-fade fixed inset-0 z-50 bg-slate-900/50" />
      {/* Radix names the dialog only after hydration; the server-rendered one (no JavaScript) names itself. */}
      <Dialog.Content
        data-testid="region-modal"
        aria-labelledby="region-modal-title"
        aria-describedby="region-modal-text"
        className="animate-pop fixed top-1/2 left-1/2 z-50 w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl"
      >
        <div className="flex items-start justify-between gap-4">
          <Dialog.Title id="region-modal-title" className="text-xl font-bold text-slate-900">{nl.region.title}</Dialog.Title>
          <Dialog.Close asChild>
            <Link to={back} replace preventScrollReset aria-label={nl.panels.close} className="-mt-1 -mr-2 rounded-full p-2 text-slate-600 hover:bg-slate-100">
              <X className="h-5 w-5" aria-hidden />
            </Link>
          </Dialog.Close>
        </div>
        <Dialog.Description id="region-modal-text" className="mt-1 text-sm text-slate-600">{nl.region.text}</Dialog.Description>
        <Form method="post" action="/api/region" className="mt-5 space-y-4">
          <input type="hidden" name="redirectTo" value={back} />
          <label className="block">
            <span className="text-sm font-medium text-slate-800">{nl.region.region}</span>
            <select
              name="region"
              defaultValue={shop.region.code}
              onChange={(e) => setChosen(e.target.value)}
              className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-slate-900"
            >
              {shop.regions.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name} ({r.currencySign})
                </option>
              ))}
            </select>
          </label>
          {europe ? (
            <label className="block">
              <span className="text-sm font-medium text-slate-800">{nl.region.country}</span>
              <select
                name="country"
                defaultValue={shop.carrierInfo.iso ?? undefined}
                className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-slate-900"
              >
                {europe.countries.map((c) => (
                  <option key={c.iso} value={c.iso}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <button type="submit" className={buttonClass('primary', 'lg', 'w-full')} disabled={navigation.state === 'submitting'}>
            {nl.region.submit}
          </button>
        </Form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
