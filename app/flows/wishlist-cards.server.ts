// The wishlist page's cards: the accounts module keeps the list, the catalogue module makes the cards.
import type { Db } from '~/db/client.server.ts';
import { wishlistProductIds } from '~/modules/accounts/wishlist.server.ts';
import { productCards } from '~/modules/catalog/catalog.server.ts';
import type { ProductCardData } from '~/modules/catalog/catalog.ts';

/** The user's list as the catalogue's product cards, newest first, in the visitor's currency. */
export async function wishlistCards(db: Db, request: Request, userId: number): Promise<ProductCardData[]> {
  return productCards(db, request, await wishlistProductIds(db, userId));
}
