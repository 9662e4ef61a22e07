// Favourites of the signed-in client: add, remove, list with the product shown as everywhere.
import { MESSAGES } from '@teranga/shared/server-messages'
import { notFound } from '../../lib/errors.ts'
import { pageArgs, toPage } from '../../lib/pagination.ts'
import { toFavori } from './favourites.format.ts'
import type { Executor } from '../../db/client.ts'
import { createFavouritesRepository, type FavouritesRepository } from './favourites.repository.ts'

/** A deleted account's favourites go, in the deletion's transaction (the favourites' table is this module's, ADR 048). */
export const forgetFavourites = (tx: Executor, clientId: number) => createFavouritesRepository(tx).forgetClient(clientId)

export function createFavouritesService(repo: FavouritesRepository) {
  return {
    async add(clientId: number, produitId: number) {
      if (!(await repo.productExists(produitId))) throw notFound(MESSAGES.productNotFound)
      const id = await repo.add(clientId, produitId)
      return { message: MESSAGES.favouriteAdded, favori: { id, client: clientId, produit: produitId } }
    },

    async remove(clientId: number, produitId: number) {
      await repo.remove(clientId, produitId)
      return { message: MESSAGES.favouriteRemoved }
    },

    async page(clientId: number, args: { page?: number | null; count?: number | null }) {
      const page = pageArgs(args)
      const { rows, total } = await repo.page(clientId, page)
      return toPage(rows.map(toFavori), total, page)
    },
  }
}

export type FavouritesService = ReturnType<typeof createFavouritesService>
