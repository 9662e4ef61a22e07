// The customer's account (DESIGN §3, §4, §7): profile edits, saved delivery addresses (at most
// 20, one default), signing out everywhere, the loyalty statement, and account deletion, which
// anonymises the customer rather than deleting them so that their orders stay in the books.
import { randomBytes } from 'node:crypto'
import { alpha3ToAlpha2 } from 'i18n-iso-countries/index.js'
import { MAX_SAVED_ADDRESSES } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/server-messages'
import { PHONE_MESSAGES } from '@teranga/shared/phone'
import { CUSTOMER_CANCELLABLE, type OrderStatus } from '@teranga/shared/order-status'
import type { AddressInput, CustomerDetails } from '@teranga/shared/schemas'
import type { Executor } from '../../db/client.ts'
import { badInput, conflict, forbidden, notFound, unauthenticated } from '../../lib/errors.ts'
import { clientAccess, type AuthService } from '../auth/auth.service.ts'
import type { IdTokenVerifier } from '../auth/firebase-verifier.ts'
import { clientCart } from '../cart/cart.service.ts'
import { forgetFavourites } from '../favourites/favourites.service.ts'
import type { LoyaltyService } from '../loyalty/loyalty.service.ts'
import { actors, type OrderLifecycle } from '../orders/order-lifecycle.service.ts'
import { toAdresse } from './account.format.ts'
import { createAccountRepository, type AccountRepository, type AddressValues } from './account.repository.ts'

/** Orders that are over (cancelled, delivered, refunded): kept as they are when the account goes. */
const FINISHED: readonly OrderStatus[] = ['annulee', 'livree', 'remboursee']
/** Orders nobody works on yet: cancelled (stock given back) when the account goes. */
const WAITING: readonly string[] = [...CUSTOMER_CANCELLABLE, 'echec_paiement']

interface Deps {
  repo: AccountRepository
  transaction: <T>(fn: (account: AccountRepository) => Promise<T>) => Promise<T>
  /** The auth module's service: the profile answer and the Firebase account to sign out. */
  auth: Pick<AuthService, 'profile' | 'firebaseUid' | 'tokenIssuedAt' | 'revokeTokens'>
  loyalty: LoyaltyService
  lifecycle: OrderLifecycle
  /** Scrubs the payer's details from the stored provider events, in the deletion's transaction. */
  payments: { forgetPayer(tx: Executor, clientId: number): Promise<void> }
  /** Erases the customer's order messages and their choice of channel, in the deletion's transaction. */
  messages: { forgetCustomer(tx: Executor, clientId: number): Promise<void> }
  verifier: IdTokenVerifier
  /** Told when the client's tokens are revoked, so that no instance keeps them. */
  tokenOwners: { forgetClient(clientId: number): void }
  /** Told when the Firebase account could not be deleted (the shop's data already is). */
  onFirebaseDeleteError: (error: unknown, uid: string) => void
  now?: () => Date
}

/** How recent the sign-in behind a phone link's custom token must be. */
export const PHONE_LINK_FRESH_MINUTES = 15

export function createAccountService({ repo, transaction, auth, loyalty, lifecycle, payments, messages, verifier, tokenOwners, onFirebaseDeleteError, now = () => new Date() }: Deps) {
  async function profile(clientId: number) {
    const answer = await auth.profile(clientId)
    if (!answer) throw unauthenticated(MESSAGES.invalidToken)
    return answer
  }

  async function addressAnswer(clientId: number, id: number) {
    const row = await repo.address(clientId, id)
    if (!row) throw notFound(MESSAGES.addressNotFound)
    return { adresse: toAdresse(row) }
  }

  /** The stored values of an address body, once its zone is known to exist. */
  async function addressValues(writes: AccountRepository, input: AddressInput): Promise<Omit<AddressValues, 'parDefaut'>> {
    if (!(await writes.zone(input.zone))) throw badInput(MESSAGES.orderZoneUnknown, { zone: [MESSAGES.orderZoneUnknown] })
    return {
      libelle: input.libelle || null,
      adresse: input.adresse,
      zoneId: input.zone,
      telephone: input.telephone,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      repere: input.repere ?? null,
    }
  }

  return {
    profile,

    async updateProfile(clientId: number, input: CustomerDetails) {
      // The shared schema checks the shape (three capitals); the server also knows the list.
      if (!alpha3ToAlpha2(input.pays)) throw badInput(MESSAGES.paysInvalid, { pays: [MESSAGES.paysInvalid] })
      await repo.updateProfile(clientId, {
        civilite: input.civilite,
        prenom: input.prenom,
        name: input.nom,
        telephone: input.telephone,
        ville: input.ville,
        pays: input.pays,
      })
      return profile(clientId)
    },

    /**
     * A custom Firebase token for the customer's own account: the browser keeps no Firebase
     * session, so it signs in with this one to link a phone number (linkWithPhoneNumber). It
     * is a whole Firebase session on the account (a number, an address, a password can be set
     * with it), so only a shop session minted by a recent sign-in gets one: a token taken from
     * a device days ago does not become the account for good (ADR 042).
     */
    async phoneLinkToken(clientId: number, apiToken: string) {
      const issued = await auth.tokenIssuedAt(apiToken)
      if (!issued || now().getTime() - issued.getTime() > PHONE_LINK_FRESH_MINUTES * 60_000) throw forbidden(MESSAGES.phoneLinkNeedsFreshSignIn)
      const uid = await auth.firebaseUid(clientId)
      if (!uid) throw unauthenticated(MESSAGES.invalidToken)
      return { customToken: await verifier.customToken(uid) }
    },

    /**
     * The number Firebase proved by SMS, read from a fresh ID token of the customer's own
     * Firebase account, never from what the body says. It becomes the contact number too.
     */
    async verifyPhone(clientId: number, idToken: string) {
      const identity = await verifier.verify(idToken)
      const uid = await auth.firebaseUid(clientId)
      if (!uid) throw unauthenticated(MESSAGES.invalidToken)
      if (identity.uid !== uid) throw forbidden(PHONE_MESSAGES.notYourAccount)
      if (!identity.phoneNumber) throw badInput(PHONE_MESSAGES.noVerifiedPhone, { idToken: [PHONE_MESSAGES.noVerifiedPhone] })
      await repo.updateProfile(clientId, { telephoneVerifie: identity.phoneNumber, telephone: identity.phoneNumber })
      return profile(clientId)
    },

    async addresses(clientId: number) {
      return { adresses: (await repo.addresses(clientId)).map(toAdresse) }
    },

    /** A new address; the customer's first one is their default unless they say otherwise. */
    async createAddress(clientId: number, input: AddressInput) {
      const id = await transaction(async (account) => {
        await account.lockClient(clientId)
        const values = await addressValues(account, input)
        const saved = await account.countAddresses(clientId)
        if (saved >= MAX_SAVED_ADDRESSES) throw conflict(MESSAGES.addressLimit(MAX_SAVED_ADDRESSES))
        const parDefaut = input.pardefaut ?? saved === 0
        if (parDefaut) await account.clearDefault(clientId)
        return account.insertAddress(clientId, { ...values, parDefaut })
      })
      return addressAnswer(clientId, id)
    },

    /** Replaces an address; `pardefaut` left out keeps whether it is the default. */
    async updateAddress(clientId: number, id: number, input: AddressInput) {
      await transaction(async (account) => {
        await account.lockClient(clientId)
        const current = await account.address(clientId, id)
        if (!current) throw notFound(MESSAGES.addressNotFound)
        const values = await addressValues(account, input)
        const parDefaut = input.pardefaut ?? current.parDefaut
        if (parDefaut) await account.clearDefault(clientId, id)
        await account.updateAddress(clientId, id, { ...values, parDefaut })
      })
      return addressAnswer(clientId, id)
    },

    async deleteAddress(clientId: number, id: number) {
      if (!(await repo.deleteAddress(clientId, id))) throw notFound(MESSAGES.addressNotFound)
    },

    /**
     * Every session of the customer ends, this one included, and so do their Firebase
     * sessions: otherwise any device could mint a new ID token and sign in again. Firebase
     * first: if it cannot be reached, nothing is revoked and the customer can try again.
     */
    async logoutEverywhere(clientId: number) {
      const uid = await auth.firebaseUid(clientId)
      if (uid === undefined) throw unauthenticated(MESSAGES.invalidToken)
      if (uid) await verifier.revokeSessions(uid)
      await auth.revokeTokens(clientId, now())
      tokenOwners.forgetClient(clientId)
      return { message: MESSAGES.loggedOutEverywhere }
    },

    /**
     * Deletes the account: refused while an order is under way; waiting orders are cancelled
     * with their stock given back; personal data is erased, orders are kept without it. One
     * transaction, then the Firebase account (its failure is logged, not the customer's).
     */
    async deleteAccount(clientId: number) {
      const uid = await lifecycle.run(async ({ tx, orders, cancel }) => {
        const account = createAccountRepository(tx)
        // The same row placement locks first: an order being placed commits before, or sees the account gone.
        const client = await account.lockClient(clientId)
        if (!client) throw unauthenticated(MESSAGES.invalidToken)
        const open = await account.openOrders(clientId, [...FINISHED])
        if (open.some((order) => !WAITING.includes(order.etat))) throw conflict(MESSAGES.accountOrdersInProgress)
        for (const { id } of open) {
          const order = await orders.lockOrder({ id })
          // Paid or confirmed meanwhile: the order is under way after all; nothing is kept.
          if (!order || !(await cancel(order, actors.client(clientId), 'compte supprimé')).moved) throw conflict(MESSAGES.accountOrdersInProgress)
        }
        await payments.forgetPayer(tx, clientId)
        await messages.forgetCustomer(tx, clientId)
        // What other modules keep of the customer, each through its owner (ADR 048).
        await orders.forgetCustomer(clientId, now())
        await forgetFavourites(tx, clientId)
        await clientCart(tx).forget(clientId)
        await clientAccess(tx).deleteTokens(clientId)
        await account.anonymise(clientId, `deleted:${clientId}:${randomBytes(12).toString('hex')}`, now())
        return client.firebaseUid
      })
      tokenOwners.forgetClient(clientId)
      try {
        await verifier.deleteUser(uid)
      } catch (error) {
        onFirebaseDeleteError(error, uid)
      }
      return { message: MESSAGES.accountDeleted }
    },

    /** The balance, the tier it reaches, the next one, and the latest movements. */
    loyaltyStatement: (clientId: number) => loyalty.statement(clientId),
  }
}

export type AccountService = ReturnType<typeof createAccountService>
