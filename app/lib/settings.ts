import { type CarrierInfoEntry, type Region, pickRegion } from '~/lib/regions.ts';

// The settings object of SPEC §3, as served at /api/{locale}/settings and used by the layout.

export type Filter = { id: string; name: string; public: boolean };
export type FilterGroup = { id: string; name: string; kind: 'options' | 'min' | 'max'; param: string; filters: Filter[] };
export type ProductFilters = { filterGroups: FilterGroup[] };
export type PaymentOption = { id: string; name: string; description: string };
export type Category = { name: string; url: string; icon: string | null };

/** The icons a category may have (app/components/layout/category-icon.tsx draws them; staff choose from these). */
export const categoryIcons = ['flame', 'wheat', 'timer', 'leaf', 'sprout', 'sparkles', 'trophy', 'mountain'] as const;
export type CategoryIconName = (typeof categoryIcons)[number];
export type Locale = { code: string; iso: string; language: string };

const STOREFRONT_LOCALE: Locale = { code: 'nl-nl', iso: 'nl-NL', language: 'nl' };

export type ShopData = {
  logoAlt: string;
  maxSeedsPerCart: number;
  paymentOptions: PaymentOption[];
  bankAccount: { name: string; iban: string; bic: string };
  cashAddress: string[];
  /** The customer-service inbox: where /contact messages go, shown on the contact page. */
  supportEmail: string;
  productFilters: ProductFilters;
  postCategories: { id: number; slug: string; name: string }[];
  categories: Category[];
};

export type Settings = {
  locale: Locale;
  carrier_info: CarrierInfoEntry[];
  region: { code: string; name: string; default_country_id: number; locale: string };
  region_countries: { id: number; iso: string; name: string }[];
  region_default_currency: { sign: string; iso_code: string };
  payment_options: PaymentOption[];
  product_filters: ProductFilters;
  logo_alt: string;
  post_categories: ShopData['postCategories'];
  categories: Category[];
};

/** Accepts the storefront's locale by iso ('nl-NL', 'nl-nl') or language ('nl'); the shop is Dutch only. */
export function isStorefrontLocale(param: string): boolean {
  const p = param.toLowerCase();
  return p === STOREFRONT_LOCALE.code || p === STOREFRONT_LOCALE.language;
}

export function buildSettings(shop: ShopData, regions: Region[], regionCode: string | undefined): Settings {
  const region = pickRegion(regions, regionCode);
  return {
    locale: STOREFRONT_LOCALE,
    carrier_info: region.countries.map((c) => c.carrier),
    region: { code: region.code, name: region.name, default_country_id: region.defaultCountryId, locale: region.locale },
    region_countries: region.countries.map(({ id, iso, name }) => ({ id, iso, name })),
    region_default_currency: { sign: region.currencySign, iso_code: region.currency },
    payment_options: shop.paymentOptions,
    product_filters: shop.productFilters,
    logo_alt: shop.logoAlt,
    post_categories: shop.postCategories,
    categories: shop.categories,
  };
}
