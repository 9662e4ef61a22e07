// The catalogue's reference data, the same for everyone: preferences (logo, promotions),
// the category tree, sub-categories and carousel slides.
import { useQuery } from '@tanstack/react-query'
import type { Caroussel, Categorie, Preferences, Souscategorie } from '@teranga/shared/storefront-answers'
import { referenceQueryOptions } from '@/lib/api/reference-data.ts'

export const getPreferencesQueryOptions = () => referenceQueryOptions<Preferences | null>('preferences')
export const getCategoriesQueryOptions = () => referenceQueryOptions<Categorie[]>('categories')
export const getSubcategoriesQueryOptions = () => referenceQueryOptions<Souscategorie[]>('souscategories')
export const getSlidesQueryOptions = () => referenceQueryOptions<Caroussel[]>('caroussels')

export const usePreferences = () => useQuery(getPreferencesQueryOptions())
export const useCategories = () => useQuery(getCategoriesQueryOptions())
export const useSubcategories = () => useQuery(getSubcategoriesQueryOptions())
export const useSlides = () => useQuery(getSlidesQueryOptions())
