// privileges: the loyalty tiers from the lowest threshold up, each with its rewards.
import type { GraphqlModule } from '../../plugins/graphql.ts'
import { mediaFields } from '@teranga/shared/media'
import type { LoyaltyRepository } from './loyalty.repository.ts'

const schema = /* GraphQL */ `
  type Typerecompense {
    id: Int!
    code: String!
    designation: String!
  }
  type Privilegerecompense {
    id: Int!
    "Percentage for a discount; 0 for free delivery."
    valeur: Int!
    typerecompense: Typerecompense!
  }
  type Privilege {
    id: Int!
    designation: String!
    couleur: String
    point: Int!
    image: String
    imagesrcset: String
    privilegerecompenses: [Privilegerecompense!]!
  }
  extend type Query {
    privileges: [Privilege!]!
  }
`

export async function listPrivileges(repo: LoyaltyRepository) {
  const tiers = new Map<number, ReturnType<typeof toPrivilege>>()
  for (const row of await repo.privileges()) {
    let tier = tiers.get(row.privilege.id)
    if (!tier) tiers.set(row.privilege.id, (tier = toPrivilege(row.privilege)))
    if (row.reward && row.type) tier.privilegerecompenses.push({ ...row.reward, typerecompense: row.type })
  }
  return [...tiers.values()]
}

function toPrivilege(p: { id: number; designation: string; couleur: string | null; point: number; image: string | null }) {
  return {
    ...p,
    ...mediaFields(p.image),
    privilegerecompenses: [] as Array<{ id: number; valeur: number; typerecompense: { id: number; code: string; designation: string } }>,
  }
}

export function loyaltyGraphql(repo: LoyaltyRepository): GraphqlModule {
  return { schema, publicQueries: ['privileges'], resolvers: { Query: { privileges: () => listPrivileges(repo) } } }
}
