// The shop's own pages in the one GraphQL schema, so that the storefront's server rendering
// embeds a page's text like any other first data (packages/shared/storefront-queries.ts).
import { CONTENT_SLUGS } from '@teranga/shared/content-pages'
import type { GraphqlModule } from '../../plugins/graphql.ts'
import type { ContentService } from './content.service.ts'

const schema = /* GraphQL */ `
  "A page the owner writes (CGV, FAQ, livraison, contact): its HTML is rendered on the server, safe to show."
  type PageContenu {
    slug: String!
    titre: String!
    description: String!
    html: String!
  }
  extend type Query {
    "The page \`slug\` (cgv, faq, livraison, contact); null for any other."
    pagecontenu(slug: String!): PageContenu
  }
`

export function contentGraphql(service: ContentService): GraphqlModule {
  return {
    schema,
    publicQueries: ['pagecontenu'],
    resolvers: {
      Query: {
        pagecontenu: async (_, args: { slug: string }) => ((CONTENT_SLUGS as readonly string[]).includes(args.slug) ? service.one(args.slug) : null),
      },
    },
  }
}
