import { Sprout } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { account } from '~/i18n/nl/account.ts';
import { type GrowerProfile, profileLabels } from '../grower-profile.ts';
import { CardSection } from '~/components/ui/card-section.tsx';

const t = account.details;
const PROFILE_HREF = '/account/details#kweekprofiel';

/** The overview's summary of the grower profile, or an invitation to fill it in. */
export function GrowerProfileCard({ profile, filled, favourites }: { profile: GrowerProfile; filled: boolean; favourites: { slug: string; name: string }[] }) {
  const p = t.profile;
  const rows = [
    profile.growingSince !== null ? { label: p.growingSince, value: String(profile.growingSince) } : null,
    profile.cultivationMethod ? { label: p.cultivationMethod, value: profileLabels.cultivationMethod(profile.cultivationMethod) } : null,
    profile.floweringPreference ? { label: p.floweringPreference, value: profileLabels.floweringPreference(profile.floweringPreference) } : null,
    profile.favouriteType ? { label: p.favouriteType, value: profileLabels.favouriteType(profile.favouriteType) } : null,
  ].filter((r) => r !== null);
  return (
    <CardSection id="grower-profile-title" title={t.card.title} icon={Sprout} iconClass="text-primary-700" testId="grower-profile-card">
      {filled ? (
        <>
          <dl className="mt-3 divide-y divide-slate-100 text-sm">
            {rows.map((r) => (
              <div key={r.label} className="flex justify-between gap-3 py-2">
                <dt className="text-slate-600">{r.label}</dt>
                <dd className="text-right font-medium text-slate-900">{r.value}</dd>
              </div>
            ))}
            <div className="py-2">
              <dt className="text-slate-600">{p.favourites}</dt>
              <dd className="mt-1.5">
                {favourites.length ? (
                  <ul className="flex flex-wrap gap-1.5" data-testid="profile-favourites">
                    {favourites.map((f) => (
                      <li key={f.slug}>
                        <Link
                          to={`/product/${f.slug}`}
                          className="inline-block rounded-full bg-primary-50 px-2.5 py-1 text-xs font-medium text-primary-900 ring-1 ring-primary-200 hover:bg-primary-100"
                        >
                          {f.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className="text-slate-600">{t.card.noFavourites}</span>
                )}
              </dd>
            </div>
          </dl>
          <Link to={PROFILE_HREF} className="mt-3 inline-block text-sm font-semibold text-primary-800 underline">
            {t.card.edit}
          </Link>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-600">{t.card.empty}</p>
          <Link to={PROFILE_HREF} className={buttonClass('primary', 'md', 'mt-4')}>
            {t.card.fill}
          </Link>
        </>
      )}
    </CardSection>
  );
}
