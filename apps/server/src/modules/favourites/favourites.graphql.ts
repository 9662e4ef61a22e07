// favoriespaginated: the token's client's favourites (another client's id is refused).
import { subjectFor } from '../../lib/subject.ts'
import { pageType, type GraphqlModule } from '../../plugins/graphql.ts'
import type { FavouritesService } from './favourites.service.ts'

const schema = /* GraphQL */ `
  type Favori {
    id: Int!
    produit: Produit!
  }
  ${pageType('Favori')}
  extend type Query {
    favoriespaginated(page: Int, count: Int, userId: Int): FavoriPage!
  }
`

export function favouritesGraphql(service: FavouritesService): GraphqlModule {
  return {
    schema,
    resolvers: {
      Query: {
        favoriespaginated: (_, args, ctx) => service.page(subjectFor(ctx.user, args.userId), args),
      },
    },
  }
}
