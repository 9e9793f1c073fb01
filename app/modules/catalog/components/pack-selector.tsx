import { product } from '~/i18n/nl/product.ts';
import { useState } from 'react';
import { formatMoney } from '~/lib/money.ts';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';

/** `lowStock`: the pack's threshold, at or below which the count is named. */
export type PackOption = { id: number; seeds: number; stock: number; lowStock: number; price: number };

function stockText(stock: number, lowStock: number) {
  if (stock <= 0) return catalogText.soldOut;
  if (stock <= lowStock) return catalogText.lowStock(stock);
  return catalogText.inStock;
}

/** Radio group of packs with price per seed and stock state; named `pack` for the add-to-cart form. */
export function PackSelector({ packs, currency }: { packs: PackOption[]; currency: string }) {
  const firstAvailable = packs.find((p) => p.stock > 0) ?? packs[0];
  const [selected, setSelected] = useState(firstAvailable?.id);
  const current = packs.find((p) => p.id === selected) ?? firstAvailable;
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">{product.choosePack}</legend>
      <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {packs.map((p) => (
          <label
            key={p.id}
            className={`relative flex cursor-pointer flex-col rounded-xl p-3 ring-1 transition has-[:checked]:ring-2 has-[:checked]:ring-primary-600 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 ${
              p.stock > 0 ? 'bg-white ring-slate-300 hover:ring-primary-400' : 'bg-slate-50 ring-slate-200'
            }`}
          >
            <input
              type="radio"
              name="pack"
              value={p.id}
              checked={current?.id === p.id}
              disabled={p.stock <= 0}
              onChange={() => setSelected(p.id)}
              className="sr-only"
            />
            <span className="font-semibold text-slate-900">{catalogText.seeds(p.seeds)}</span>
            <span className="text-sm text-slate-900">{formatMoney(p.price, currency)}</span>
            <span className="text-xs text-slate-500">{product.pricePerSeed(formatMoney(Math.round(p.price / p.seeds), currency))}</span>
          </label>
        ))}
      </div>
      {current ? (
        <p className="mt-4 flex items-baseline justify-between gap-3" aria-live="polite" data-testid="pack-summary">
          <span className="text-2xl font-bold text-slate-900">{formatMoney(current.price, currency)}</span>
          <span className={`text-sm font-medium ${current.stock <= 0 ? 'text-red-700' : current.stock <= current.lowStock ? 'text-amber-700' : 'text-primary-700'}`}>
            {stockText(current.stock, current.lowStock)}
          </span>
        </p>
      ) : null}
    </fieldset>
  );
}
